import Foundation

/// Makes refreshing single-flight: callers that present the same refresh token while it is
/// being refreshed share that one request, and callers that present a token this instance has
/// already rotated get the result of that rotation. The server ends the whole session when a
/// rotated refresh token comes back (reuse detection, RFC 9700 §4.14.2), so two parts of an app
/// racing to refresh must never both reach it.
actor RefreshFlights {
    private var inFlight: [String: Task<TokenResponse, any Error>] = [:]
    /// The latest rotations, oldest first: the token presented and what it was exchanged for.
    private var rotated: [(token: String, result: TokenResponse)] = []
    /// How many rotations are remembered.
    private let memory = 8

    /// The result of refreshing `token`: the one request `refresh` makes for it, however many
    /// callers ask at once.
    func refresh(_ token: String, with refresh: @escaping @Sendable () async throws -> TokenResponse) async throws -> TokenResponse {
        if let done = rotated.last(where: { $0.token == token }) { return done.result }
        if let running = inFlight[token] { return try await running.value }
        let task = Task { try await refresh() }
        inFlight[token] = task
        defer { inFlight[token] = nil }
        let result = try await task.value
        rotated.append((token, result))
        if rotated.count > memory { rotated.removeFirst() }
        return result
    }
}
