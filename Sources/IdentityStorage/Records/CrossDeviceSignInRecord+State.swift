extension CrossDeviceSignInRecord {
    /// Where a cross-device sign-in stands; stored as its raw value (the wire's words).
    public enum State: String, Sendable, CaseIterable {
        /// Waiting for a device to approve or decline.
        case pending
        /// A device approved; the browser that started it has yet to continue.
        case approved
        /// A device declined.
        case declined
        /// The browser continued to the client with its code.
        case completed
        /// Nobody approved in time.
        case expired
    }
}
