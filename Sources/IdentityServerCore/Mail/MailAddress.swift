/// What the server accepts as a mail address: `local@domain`, one `@`, a dotted domain, at most
/// 254 characters, and none of what mail software reads as more than one plain address —
/// whitespace, controls, `,;` (lists, which `sendmail` splits), `%!` (source routes),
/// `()"<>[]\:` (comments, quoting, display names), and no invisible formatting characters
/// (text-direction controls, zero-width spaces: an address must read as what it is).
package enum MailAddress {
    package static func isPlain(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".") && text.count <= 254
            && !text.unicodeScalars.contains { scalar in
                scalar.properties.isWhitespace || [.control, .format].contains(scalar.properties.generalCategory)
                    || forbidden.contains(scalar)
            }
    }

    private static let forbidden = Set(",;%!()\"<>[]\\:".unicodeScalars)
}
