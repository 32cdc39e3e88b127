import FuzzSupport
import QRCodeEncoder

/// The QR encoder's input: any text, any error correction level. It may refuse text too long
/// for a symbol; it must never crash. (Rendering is a pure function of the matrix, tested
/// elsewhere; leaving it out keeps the fuzzer fast.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQRCode(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let (selector, input) = FuzzInput.split(bytes, count) else { return 0 }
    let levels = QRCode.ErrorCorrection.allCases
    _ = try? QRCode(encoding: String(decoding: input, as: UTF8.self), correction: levels[Int(selector) % levels.count])
    return 0
}

/// libFuzzer's driver when built with `-sanitize=fuzzer` (`Fuzz/run`); otherwise a replay of
/// the files or directories given as arguments.
@main struct Main {
    static func main() { FuzzInput.main { fuzzQRCode($0, $1) } }
}
