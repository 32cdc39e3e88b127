import HTTPTypes

/// The problems of an input, found all at once: a check that fails with a `400` is noted and the
/// rest still run, so one answer names every field to fix, one problem a line.
package struct InputProblems {
    private var messages: [String] = []

    package init() {}

    /// Runs `check`; a `400` it throws is noted (and `nil` returned), anything else propagates.
    package mutating func note<Value>(_ check: () throws -> Value) throws -> Value? {
        do {
            return try check()
        } catch let error as ServerError where error.status == .badRequest {
            messages.append(error.description)
            return nil
        }
    }

    /// Whether a problem was noted about `field` (a message that starts by naming it).
    package func mention(_ field: String) -> Bool {
        messages.contains { $0.hasPrefix("'\(field)'") }
    }

    /// Throws the problems noted, one a line, if there are any.
    package func throwIfAny() throws {
        guard !messages.isEmpty else { return }
        throw ServerError.invalidRequest(messages.joined(separator: "\n"))
    }
}
