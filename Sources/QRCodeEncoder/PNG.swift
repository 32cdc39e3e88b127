/// A minimal PNG writer: 8-bit grayscale, image data in a zlib stream of stored (uncompressed)
/// deflate blocks. Written here rather than pulling in zlib for a few kilobytes of output.
enum PNG {
    static func grayscale(width: Int, rows: [[UInt8]]) -> [UInt8] {
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(rows.count))
        header += [8, 0, 0, 0, 0]  // bit depth 8, grayscale, deflate, adaptive filtering, no interlace
        let raw: [UInt8] = rows.flatMap { [UInt8(0)] + $0 }  // filter type 0 (none) before each row
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// RFC 1950 stream of RFC 1951 stored blocks (at most 65,535 bytes each).
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        return out + bigEndian(adler32(data))
    }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
