/// A `User-Agent` as a person recognises it: the browser and the system (`Firefox on Linux`,
/// `Safari on iOS`) when it names common ones, else its first product token (`curl/8.5.0`), at
/// most 60 characters. A summary, not a fingerprint: agents can say anything.
package enum UserAgentSummary {
    package static func text(_ userAgent: String) -> String {
        let browser = browsers.first { userAgent.contains($0.token) }?.name
        let system = systems.first { userAgent.contains($0.token) }?.name
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        default:
            let first = userAgent.split(separator: " ").first.map(String.init) ?? userAgent
            return first.count > 60 ? String(first.prefix(59)) + "…" : first
        }
    }

    /// The first match wins: Edge and Opera also say Chrome, and Chrome also says Safari.
    private static let browsers: [(token: String, name: String)] = [
        ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"),
        ("Chrome/", "Chrome"), ("Safari/", "Safari"),
    ]
    /// iPhones and iPads also say "like Mac OS X"; Android also says Linux.
    private static let systems: [(token: String, name: String)] = [
        ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Android", "Android"), ("Windows", "Windows"), ("Mac OS X", "macOS"),
        ("CrOS", "ChromeOS"), ("Linux", "Linux"),
    ]
}
