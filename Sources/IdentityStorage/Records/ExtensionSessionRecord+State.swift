extension ExtensionSessionRecord {
    /// Where a second-device session stands; stored as its raw value (the wire's words).
    public enum State: String, Sendable, CaseIterable {
        /// The first device shows a code; nobody has claimed it.
        case open
        /// A second device has claimed the code; the first has to endorse it.
        case claimed
        /// The second device's credential is issued.
        case complete
        /// The first device cancelled.
        case cancelled
        /// Ended by an error (see ``ExtensionSessionRecord/failure``).
        case failed

        /// The states a session can still change from.
        public static let live: [State] = [.open, .claimed]

        /// Whether nothing more will happen to a session in this state.
        public var isFinal: Bool { !Self.live.contains(self) }
    }
}
