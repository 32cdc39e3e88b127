import Foundation

/// Makes refreshing single-flight: callers that present the same refresh token while it is
/// being refreshed share that one request, and callers that present a token this instance has
/// already rotated get the newest tokens of that session. The server ends the whole session
/// when a rotated refresh token comes back (reuse detection, RFC 9700 §4.14.2), so two parts of
/// an app racing to refresh must never both reach it.
actor RefreshFlights {
    /// A rotation remembered: what a spent refresh token leads to now, and until when that
    /// answer is worth giving (its access token's expiry).
    private struct Rotation {
        var result: TokenResponse
        var until: Date
    }

    private var inFlight: [String: Task<TokenResponse, any Error>] = [:]
    /// Spent refresh tokens of this instance, each mapped to the newest tokens of its session.
    private var rotated: [String: Rotation] = [:]
    /// How many spent tokens are remembered at most.
    private let memory = 16

    /// The result of refreshing `token`: the one request `refresh` makes for it, however many
    /// callers ask at once; the newest tokens of its session when it was already spent here.
    /// A request that fails is not remembered, so it can be tried again.
    func refresh(
        _ token: String, now: Date, with refresh: @escaping @Sendable () async throws -> TokenResponse
    ) async throws -> TokenResponse {
        rotated = rotated.filter { $0.value.until > now }
        if let done = rotated[token] { return done.result }
        if let running = inFlight[token] { return try await running.value }
        // Not a child task: a caller that is cancelled does not abandon a rotation the server
        // may already have made; the result is kept for whoever asks next.
        let task = Task { try await refresh() }
        inFlight[token] = task
        defer { inFlight[token] = nil }
        let result = try await task.value
        remember(token, result, until: now.addingTimeInterval(TimeInterval(result.accessToken.expiresIn)))
        return result
    }

    /// Forgets the session that `token` belongs to (after sign-out).
    func forget(_ token: String) {
        let newest = rotated[token]?.result.refreshToken ?? token
        rotated = rotated.filter { $0.key != token && $0.value.result.refreshToken != newest }
    }

    /// Records that `token` was spent for `result`; earlier tokens of the same chain now lead
    /// there too.
    private func remember(_ token: String, _ result: TokenResponse, until: Date) {
        let rotation = Rotation(result: result, until: until)
        for (spent, earlier) in rotated where earlier.result.refreshToken == token {
            rotated[spent] = rotation
        }
        rotated[token] = rotation
        while rotated.count > memory, let oldest = rotated.min(by: { $0.value.until < $1.value.until }) {
            rotated[oldest.key] = nil
        }
    }
}
