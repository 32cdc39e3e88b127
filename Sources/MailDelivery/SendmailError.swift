public import IdentityServerCore

/// A `sendmail` delivery that failed: the command's exit status (sysexits: 75, `EX_TEMPFAIL`,
/// is transient) or why it could not run.
public struct SendmailError: MailDeliveryFailure, Sendable, Equatable {
    /// `EX_TEMPFAIL` of `sysexits.h`: try again later.
    package static let temporaryFailure: Int32 = 75

    /// The exit status, or `nil` when the command could not run or did not finish in time.
    public let exitStatus: Int32?
    /// What happened: the start of the command's error output, or why it did not run.
    public let detail: String
    public let isTransient: Bool

    /// A command that exited with `status`: transient for `EX_TEMPFAIL` only.
    package init(exitStatus: Int32, _ detail: String) {
        (self.exitStatus, self.detail, isTransient) = (exitStatus, detail, exitStatus == Self.temporaryFailure)
    }

    /// A command that did not run (permanent) or did not finish in time (transient).
    package init(_ detail: String, transient: Bool) {
        (exitStatus, self.detail, isTransient) = (nil, detail, transient)
    }

    public var description: String { exitStatus.map { "sendmail exited with \($0): \(detail)" } ?? "sendmail: \(detail)" }
}
