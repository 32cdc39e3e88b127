import Crypto
import Foundation
import IdentityProtocol
import SwiftASN1
import X509

/// Device A's side of adding a second device: opens a session signed by the credential's key
/// (the key store's user verification happens here), shows each code as the server rotates
/// it, and when device B claims the code, signs B's certificate with the credential's key.
struct Extension: Sendable {
    let context: SDKContext
    /// Told the session once the server has opened it (so it can be cancelled).
    let onOpened: @Sendable (ExtensionSessionReference) -> Void

    /// Rotate a code this long before it expires, so a valid code is always on screen.
    private static let rotationMargin: Duration = .seconds(1)

    func run(_ handles: [Credential.Handle], emit: @Sendable (ExtendCredentialsStatus) -> Void) async throws {
        guard handles.count == 1, let handle = handles.first else { throw BISDKError.extensionFailed(.oneCredentialAtATime) }
        let credential = try await localCredential(handle)
        let issuedAt = Int64(context.clock().timeIntervalSince1970)
        let requestID = SignedRequestID.make()
        let signature = try await sign(
            SignedMessage.extension(credentialID: handle.rawValue, issuedAt: issuedAt, requestID: requestID), with: credential)
        let opened: OpenedExtension = try await context.api.post(
            context.domain.url(DeviceAPI.openExtension),
            json: OpenExtensionRequest(credentialID: handle.rawValue, issuedAt: issuedAt, requestID: requestID, signature: signature))
        let session = ExtensionSessionReference(sessionID: opened.sessionID, secret: opened.secret)
        onOpened(session)
        context.log(.info, "extension: session open for \(handle)")
        do {
            try await follow(session, of: credential, firstCode: opened.code, emit: emit)
        } catch {
            // Whatever stopped us, the code stops working too (best effort; it also expires).
            let context = context
            Task { try? await Self.cancelOnServer(session, context: context) }
            // Cancelled here, or on the server (a replaced code answers so before our task hears
            // of its own cancellation): either way the session was aborted, as the status says too.
            guard Task.isCancelled || (error as? BISDKError) == .extensionFailed(.cancelled) else { throw error }
            emit(.aborted)
        }
    }

    /// Ends a session on the server; idempotent there.
    static func cancelOnServer(_ session: ExtensionSessionReference, context: SDKContext) async throws {
        let _: ExtensionStatus = try await context.api.post(context.domain.url(DeviceAPI.cancelExtension), json: session)
    }

    /// Shows codes and waits (long poll) until B claims, then endorses; returns when done or cancelled.
    private func follow(
        _ session: ExtensionSessionReference, of credential: Credential, firstCode: ExtensionCode,
        emit: @Sendable (ExtendCredentialsStatus) -> Void
    ) async throws {
        var code = firstCode
        var version = code.version
        var rotation = ContinuousClock.now + .seconds(code.expiresIn) - Self.rotationMargin
        emit(.started(token(code), QRCode.make(for: code.code)))
        while true {
            try Task.checkCancellation()
            let untilRotation = ContinuousClock.now.duration(to: rotation)
            if untilRotation <= .zero {
                do {
                    code = try await context.api.post(context.domain.url(DeviceAPI.rotateExtensionCode), json: session)
                    version = code.version
                    rotation = ContinuousClock.now + .seconds(code.expiresIn) - Self.rotationMargin
                    emit(.tokenUpdated(token(code), QRCode.make(for: code.code)))
                    continue
                } catch let error as BISDKError where error.errorType == .serverError
                    && error.serverErrorCode == APIErrorCode.extensionStateConflict.rawValue {
                    // B claimed the code just before the rotation: the status below says so.
                }
            }
            let wait = min(ExtensionStatusRequest.maximumWait, max(1, Int(untilRotation.components.seconds) + 1))
            let status: ExtensionStatus = try await context.api.post(
                context.domain.url(DeviceAPI.extensionStatus),
                json: ExtensionStatusRequest(
                    sessionID: session.sessionID, secret: session.secret, afterVersion: version, wait: wait))
            version = status.version
            switch status.state {
            case .open:
                continue
            case .claimed:
                try await endorse(status, session: session, with: credential)
                emit(.done)
                return
            case .complete:
                emit(.done)
                return
            case .cancelled:
                emit(.aborted)
                return
            default:
                throw status.error
            }
        }
    }

    /// Endorses B's drafted certificate by signing its `tbsCertificate`: only a draft the
    /// realm's CA would issue (our root as issuer) to our own user, as an end entity.
    private func endorse(_ status: ExtensionStatus, session: ExtensionSessionReference, with credential: Credential) async throws {
        guard let encoded = status.certificateDraft, let der = Data(base64URLEncoded: encoded),
              let draft = try? Certificate(derEncoded: Array(der)),
              let leafPEM = credential.chain.first, let leaf = try? Certificate(pemEncoded: leafPEM),
              let rootPEM = credential.chain.last, let root = try? Certificate(pemEncoded: rootPEM),
              draft.issuer == root.subject,
              let names = try? draft.extensions.subjectAlternativeNames, names == (try? leaf.extensions.subjectAlternativeNames),
              (try? draft.extensions.basicConstraints) == .notCertificateAuthority
        else { throw BISDKError.invalidServerResponse("the certificate draft is not one this credential can endorse") }
        context.log(.info, "extension: endorsing \(status.claimantDeviceName ?? "the new device")")
        let signature = try await sign(Data(draft.tbsCertificateBytes), with: credential)
        let result: ExtensionStatus = try await context.api.post(
            context.domain.url(DeviceAPI.endorseExtension),
            json: EndorseExtensionRequest(
                sessionID: session.sessionID, secret: session.secret, signature: signature,
                certificateChain: credential.chain))
        guard result.state == .complete else { throw result.error }
    }

    private func token(_ code: ExtensionCode) -> CredentialToken {
        CredentialToken(value: code.code, validUntil: context.clock().addingTimeInterval(TimeInterval(code.expiresIn)))
    }

    private func localCredential(_ handle: Credential.Handle) async throws -> Credential {
        guard let credential = try await context.withKeyStore({ try await $0.credentials() }).first(where: { $0.handle == handle })
        else { throw BISDKError.credentialNotFound }
        guard context.domain.isBaseURL(credential.apiBaseURL.absoluteString) else {
            throw BISDKError.otherServer(apiBaseURL: credential.apiBaseURL.absoluteString)
        }
        return credential
    }

    /// A signature by the credential's key (DER, base64url); the key store verifies the user.
    private func sign(_ message: Data, with credential: Credential) async throws -> String {
        try await context.withKeyStore {
            try await $0.sign(message, with: credential.keyHandle, prompt: context.biometricAskPrompt)
        }.derRepresentation.base64URLEncodedString
    }
}

extension ExtensionStatus {
    /// The error a failed or cancelled session reports.
    var error: BISDKError {
        guard let failure else { return .invalidServerResponse("extension session in state \(state) without a reason") }
        return APIClient.error(for: failure, status: 409)
    }
}
