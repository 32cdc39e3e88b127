import Foundation

/// Adding a credential to a second device: ``extendCredentials(handles:)`` on the device that
/// has it, ``registerCredentials(token:)`` on the new one.
extension Embedded {
    /// Extends a credential to another device: after the key store verifies the user (the
    /// passphrase of a sealed ``FileKeyStore``, biometry on a phone; `biometricAskPrompt` is the
    /// prompt), opens a session and yields `.started` with a 9-digit code and its QR code,
    /// `.tokenUpdated` each time the server replaces the code, then `.done` when the other
    /// device has its credential, or `.aborted` after ``cancelExtendCredentials()`` or when the
    /// consumer stops iterating (the session is then cancelled on the server too).
    ///
    /// One extension runs per instance at a time; a second fails with
    /// ``ExtensionFailure/alreadyRunning``. Other calls keep working meanwhile.
    ///
    /// - Parameter handles: Exactly one credential (``ExtensionFailure/oneCredentialAtATime`` otherwise).
    public func extendCredentials(handles: [Credential.Handle]) -> AsyncThrowingStream<ExtendCredentialsStatus, any Error> {
        AsyncThrowingStream { continuation in
            let slot: UInt64
            do {
                slot = try extensions.begin()
            } catch {
                continuation.finish(throwing: error)
                return
            }
            let registry = extensions
            let task = Task {
                defer { registry.end(slot) }
                do throws(BISDKError) {
                    try await perform { context in
                        try await Extension(context: context) { registry.opened($0, context: context, for: slot) }
                            .run(handles) { continuation.yield($0) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            registry.attach(task, to: slot)
            continuation.onTermination = { termination in
                if case .cancelled = termination { task.cancel() }
            }
        }
    }

    /// Ends the running extension, on the server (its code stops working at once) and here
    /// (its updates end with `.aborted`). Succeeds when none is running. If the server cannot
    /// be reached the extension still ends here, the error is thrown, and the server lets the
    /// session expire.
    public func cancelExtendCredentials() async throws(BISDKError) {
        guard let running = extensions.take() else { return }
        defer { running.task?.cancel() }
        guard let session = running.session else { return }
        try await Self.reporting { try await Extension.cancelOnServer(session.reference, context: session.context) }
    }

    /// Imports a credential from another device: the user enters (or scans) the code that
    /// device shows. Creates a key, has the other device endorse it, and stores the new
    /// credential; on any failure nothing is stored. Returns the imported credentials.
    public func registerCredentials(token: CredentialToken) async throws(BISDKError) -> [Credential] {
        try await perform { try await Import(context: $0).run(token) }
    }
}
