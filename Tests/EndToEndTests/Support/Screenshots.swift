import Foundation

/// Where a test writes a page's screenshot: over the docs' copy (`docs/images/FOLDER/NAME`) when
/// `BI_UPDATE_SCREENSHOTS=1`, else in the test's own directory `work`.
enum Screenshots {
    static func path(_ name: String, in folder: String, else work: URL) -> String {
        guard ProcessInfo.processInfo.environment["BI_UPDATE_SCREENSHOTS"] == "1" else { return work.appendingPathComponent(name).path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/images/\(folder)/\(name)").path
    }
}
