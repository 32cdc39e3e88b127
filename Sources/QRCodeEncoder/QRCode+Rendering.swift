extension QRCode {
    /// Whether the module at (`x`, `y`) is dark, counting a light quiet zone around the symbol.
    private func isDark(_ x: Int, _ y: Int, quietZone: Int) -> Bool {
        let (column, row) = (x - quietZone, y - quietZone)
        return (0..<size).contains(column) && (0..<size).contains(row) && self[column, row]
    }

    /// The symbol as text for a terminal: two module rows per line with half blocks
    /// (▀ ▄ █). By default light modules are printed (for a dark background), so the symbol
    /// scans as dark on light; pass `inverted: true` for a light background.
    public func terminalText(quietZone: Int = 2, inverted: Bool = false) -> String {
        let side = size + 2 * quietZone
        var lines: [String] = []
        for y in stride(from: 0, to: side, by: 2) {
            var line = ""
            for x in 0..<side {
                let top = isDark(x, y, quietZone: quietZone) == inverted
                let bottom = y + 1 < side ? isDark(x, y + 1, quietZone: quietZone) == inverted : false
                line.append(top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " "))
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The symbol as a standalone SVG document: one path of dark squares on a white background.
    public func svg(moduleSize: Int = 8, quietZone: Int = 4) -> String {
        let side = size + 2 * quietZone
        var path = ""
        for y in 0..<size {
            for x in 0..<size where self[x, y] {
                path += "M\(x + quietZone),\(y + quietZone)h1v1h-1z"
            }
        }
        let pixels = side * moduleSize
        return """
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">
            <rect width="100%" height="100%" fill="#ffffff"/>
            <path d="\(path)" fill="#000000"/>
            </svg>

            """
    }

    /// The symbol as an 8-bit grayscale PNG, `moduleSize` pixels per module.
    public func png(moduleSize: Int = 8, quietZone: Int = 4) -> [UInt8] {
        let side = (size + 2 * quietZone) * moduleSize
        var rows: [[UInt8]] = []
        for y in 0..<side {
            rows.append((0..<side).map { x in
                isDark(x / moduleSize, y / moduleSize, quietZone: quietZone) ? 0 : 255
            })
        }
        return PNG.grayscale(width: side, rows: rows)
    }
}
