/// Where the operators' realm's account page sends an operator back to the console once their
/// sign-in is fresh (the console asks for one before a dangerous change): `{page}/console/PATH`
/// goes on to `{console root}/PATH` when the session's sign-in is recent, and asks for a new one
/// (a passkey, or the app) that comes back to it otherwise.
package struct AccountConsoleReturn: Sendable {
    /// The realm whose page returns to the console (the operators').
    package let realmID: String
    /// The console's path (`/console`, under the public base URL's path).
    package let root: String

    package init(realmID: String, root: String) {
        (self.realmID, self.root) = (realmID, root)
    }

    /// The most path segments, and characters, a return may have.
    private static let maxSegments = 12
    private static let maxLength = 512

    /// The console path (without the console's root) `next` returns to, when it is a step
    /// `console/PATH` of letters, digits, `-` and `_` in segments; `nil` for anything else, so
    /// that a return stays on the console.
    package static func consolePath(of next: String) -> String? {
        guard next.hasPrefix("console/"), next.utf8.count <= maxLength else { return nil }
        let segments = next.dropFirst("console/".count).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...maxSegments).contains(segments.count), segments.allSatisfy({ segment in
            !segment.isEmpty && segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }) else { return nil }
        return segments.joined(separator: "/")
    }
}
