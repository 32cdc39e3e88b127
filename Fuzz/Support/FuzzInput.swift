public import Foundation
import IdentityProtocol

/// What the fuzz targets share: splitting an input, decoding JSON into request types, running
/// async parsers, and — built without libFuzzer — replaying a corpus.
public enum FuzzInput {
    /// The selector byte and the rest; `nil` for an empty input.
    public static func split(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> (UInt8, Data)? {
        guard count > 0 else { return nil }
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
    public static func replay(arguments: [String], _ target: (UnsafePointer<UInt8>, Int) -> CInt) {
        var files: [URL] = []
        for path in arguments.dropFirst() {
            let url = URL(fileURLWithPath: path)
            let children = try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            files += children ?? [url]
        }
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            _ = data.withUnsafeBytes { target($0.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!, data.count) }
        }
        print("replayed \(files.count) inputs")
    }
}
