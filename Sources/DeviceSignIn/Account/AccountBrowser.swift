/// The browser a change on the account page came from, as the audit log records it: its address
/// (through the trusted proxies) and its `User-Agent` (printable, at most 256 bytes).
package struct AccountBrowser: Sendable {
    package let address: String?
    package let userAgent: String?

    package init(address: String?, userAgent: String?) {
        (self.address, self.userAgent) = (address, userAgent)
    }
}
