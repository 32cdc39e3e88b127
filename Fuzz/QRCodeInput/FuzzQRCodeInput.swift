import FuzzSupport
import QRCodeEncoder

/// The QR encoder's input: any text, any error correction level. It may refuse text too long
/// for a symbol; it must never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQRCode(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let (selector, input) = FuzzInput.split(bytes, count) else { return 0 }
    let levels = QRCode.ErrorCorrection.allCases
    if let code = try? QRCode(encoding: String(decoding: input, as: UTF8.self), correction: levels[Int(selector) % levels.count]) {
        _ = code.png(moduleSize: 1, quietZone: 0)
    }
    return 0
}

#if !FUZZING
/// Built without libFuzzer: replays the files or directories given as arguments.
@main struct Replay {
    static func main() { FuzzInput.replay(arguments: CommandLine.arguments, fuzzQRCode) }
}
#endif
