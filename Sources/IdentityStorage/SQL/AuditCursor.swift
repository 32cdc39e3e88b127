/// Where a page of the audit log starts: `milliseconds:id` of the last event of the page before.
struct AuditCursor: Sendable {
    let milliseconds: Int64
    let id: String

    init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let milliseconds = Int64(parts[0]) else { return nil }
        self.milliseconds = milliseconds
        self.id = String(parts[1])
    }

    /// The cursor of a page that ends with `event`.
    static func text(after event: AuditEventRecord) -> String {
        "\(event.occurredAt.milliseconds):\(event.id)"
    }
}
