/// The app's optional logger; messages are built only when there is one. Never given secrets
/// (tokens, codes, keys).
struct Log: Sendable {
    let sink: (@Sendable (LogLevel, String) -> Void)?

    func callAsFunction(_ level: LogLevel, _ message: @autoclosure () -> String) {
        sink?(level, message())
    }
}
