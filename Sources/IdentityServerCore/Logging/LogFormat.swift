/// How log lines are written.
public enum LogFormat: String, Sendable, CaseIterable {
    /// `time level label: message key=value…`, for people.
    case text
    /// One JSON object per line with stable keys (``JSONLogHandler``), for log collectors.
    case json
}
