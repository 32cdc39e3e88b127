import Foundation

/// A fresh directory under the system's temporary directory, for one test's key store.
func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("bi-sdk-tests-\(UUID().uuidString)", isDirectory: true)
}
