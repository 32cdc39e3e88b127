public import Foundation
import IdentityProtocol

/// What the fuzz targets share: splitting an input, decoding JSON into request types, running
/// async parsers, and — built without libFuzzer — replaying a corpus.
public enum FuzzInput {
    /// A fuzz target: one input's bytes and count; returns 0.
    public typealias Target = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs `target`: under libFuzzer (built with `-DFUZZING -sanitize=fuzzer`) through its
    /// driver with the command line's options and corpus directories; otherwise over the files
    /// or directories named on the command line.
    public static func main(_ target: Target) -> Never {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, target))
        #else
        replay(arguments: CommandLine.arguments, target)
        exit(0)
        #endif
    }

    /// The selector byte and the rest; `nil` for an empty input.
    public static func split(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> (UInt8, Data)? {
        guard let bytes, count > 0 else { return nil }
        return (bytes[0], Data(bytes: bytes + 1, count: count - 1))
    }

    /// Decodes `data` as each of `types`, as the server and the SDK decode bodies.
    public static func decodeJSON(_ data: Data, as types: [any Decodable.Type]) {
        let decoder = JSONDecoder.identityWire
        for type in types { _ = try? decoder.decode(type, from: data) }
    }

    /// Runs an async parser to its end from libFuzzer's synchronous callback.
    public static func blocking(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }

    /// Runs `target` over every file named in `arguments` (files or directories of files),
    /// as the test suite does with the seed corpus; exits 0 when none crashed.
    static func replay(arguments: [String], _ target: Target) {
        var files: [URL] = []
        for path in arguments.dropFirst() {
            let url = URL(fileURLWithPath: path)
            let children = try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            files += children ?? [url]
        }
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            _ = data.withUnsafeBytes { target($0.bindMemory(to: UInt8.self).baseAddress, data.count) }
        }
        print("replayed \(files.count) inputs")
    }
}

#if FUZZING
/// libFuzzer's entry for a program with its own `main` (LLVM 11 and later).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ target: FuzzInput.Target
) -> CInt
#endif
