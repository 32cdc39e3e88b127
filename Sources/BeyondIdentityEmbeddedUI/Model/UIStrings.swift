import Foundation

/// Every text the UI shows, in one table keyed by ``Key``, ready for localisation: pass a
/// translated table to ``init(_:)``; keys it lacks fall back to English. `{0}`, `{1}` are
/// replaced by the arguments of ``subscript(_:_:)``.
public struct UIStrings: Sendable {
    /// The texts, by what they are for.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        // Choices
        case back, cancel, close, ok, retry, support, explain
        case continueAs, notYou, useAnotherAccount, signUp, addFromAnotherDevice, recover
        case replaceConfirm, keep, addCredential, extend, delete, deleteConfirm, credentialChoice
        case approve, decline
        case emailCode, useAnotherAddress, setUpDevice, notNow
        // Progress
        case lookingUp, signingIn, registering, importing, deleting, replacing, preparingCode, cancelling
        case checkingSignIn, approving, declining
        case sendingEmailCode, checkingEmailCode
        // Screens
        case credentialExistsTitle, credentialExistsMessage
        case chooseCredentialTitle, chooseCredentialMessage
        case noCredentialTitle, noCredentialMessage, inactiveCredentialNote
        case replaceTitle, replaceMessage
        case explanationTitle, explanationMessage
        case enterCodeTitle, enterCodeMessage, codePrompt, codePlaceholder, codeMalformed
        case settingsTitle, settingsMessage, settingsEmpty
        case deleteTitle, deleteMessage
        case showCodeTitle, showCodeMessage, countdown
        case deletedTitle, deletedMessage, extendedTitle, extendedMessage, extensionCancelledTitle, extensionCancelledMessage
        case enterSignInURLTitle, enterSignInURLMessage, signInURLPrompt, signInURLPlaceholder, signInURLInvalid
        case approveSignInTitle, approveSignInMessage, chooseApproverMessage
        case approvedTitle, approvedMessage, declinedTitle, declinedMessage
        case emailCodeOfferMessage, enterEmailTitle, enterEmailMessage, emailPrompt, emailPlaceholder, emailMalformed
        case enterEmailCodeTitle, enterEmailCodeMessage, emailCodePrompt, emailCodePlaceholder, emailCodeMalformed
        case emailCodeWrong, setUpDeviceTitle, setUpDeviceMessage, deviceSetUpTitle, deviceSetUpMessage
        // A sign-in's context
        case detailApplication, detailStarted, detailBrowserAddress, detailBrowser, detailPlace, detailReferer, detailNotKnown
        // Credential details
        case detailIdentity, detailUsername, detailRealm, detailTenant, detailCreated, detailState, detailRootFingerprint
        case detailDevice, detailSystem, detailCredentialID, detailExtendedFrom
        // Credential states
        case stateActive, stateUserSuspended, stateUserDeleted, stateDeviceDeleted, stateInvalid
        // Errors
        case errorRevokedTitle, errorRevokedMessage, errorSuspendedTitle, errorSuspendedMessage
        case errorUnreachableTitle, errorUnreachableMessage, errorLinkTitle, errorLinkMessage
        case errorWrongCodeTitle, errorWrongCodeMessage, errorCodeExpiredTitle, errorCodeExpiredMessage
        case errorCodeUsedTitle, errorCodeUsedMessage, errorOtherDeviceTitle, errorOtherDeviceMessage
        case errorRateLimitedTitle, errorRateLimitedMessage, errorNotFoundTitle, errorNotFoundMessage
        case errorPassphraseTitle, errorPassphraseMessage, errorGenericTitle, errorGenericMessage
        case errorSignInCodeTitle, errorSignInCodeMessage, errorSignInExpiredTitle, errorSignInExpiredMessage
        case errorSignInDecidedTitle, errorSignInDecidedMessage
        case errorEmailCodeUsedUpTitle, errorEmailCodeUsedUpMessage, errorEmailCodeExpiredTitle, errorEmailCodeExpiredMessage
        case errorEmailCodeNotOfferedTitle, errorEmailCodeNotOfferedMessage
    }

    /// The English texts.
    public static let english = UIStrings([:])

    private let table: [Key: String]

    /// A table; keys it lacks are shown in English.
    public init(_ table: [Key: String]) {
        self.table = table
    }

    /// The text for `key`, with `{0}`, `{1}`, … replaced by `arguments`.
    public subscript(_ key: Key, _ arguments: String...) -> String {
        text(key, arguments)
    }

    /// The text for `key`, with `{0}`, `{1}`, … replaced by `arguments`.
    public func text(_ key: Key, _ arguments: [String]) -> String {
        var text = table[key] ?? Self.englishText(key)
        for (index, argument) in arguments.enumerated() {
            text = text.replacingOccurrences(of: "{\(index)}", with: argument)
        }
        return text
    }

    private static func englishText(_ key: Key) -> String {
        switch key {
        case .back: "Back"
        case .cancel: "Cancel"
        case .close: "Close"
        case .ok: "OK"
        case .retry: "Try again"
        case .support: "Contact support"
        case .explain: "What is a credential?"
        case .continueAs: "Continue as {0}"
        case .notYou: "Not {0}? Replace this credential"
        case .useAnotherAccount: "Use another account"
        case .signUp: "Set up a new account"
        case .addFromAnotherDevice: "Add this device from another device"
        case .recover: "Recover my account"
        case .replaceConfirm: "Delete and replace"
        case .keep: "Keep it"
        case .addCredential: "Add a credential to this device"
        case .extend: "Add to another device"
        case .delete: "Delete from this device"
        case .deleteConfirm: "Delete"
        case .credentialChoice: "{0} · {1}"
        case .approve: "Approve"
        case .decline: "Decline"
        case .emailCode: "Sign in with a code sent by email"
        case .useAnotherAddress: "Use another address"
        case .setUpDevice: "Set up this device"
        case .notNow: "Not now"
        case .lookingUp: "Checking this device…"
        case .signingIn: "Signing you in…"
        case .registering: "Setting up your credential…"
        case .importing: "Adding this device…"
        case .deleting: "Deleting the credential…"
        case .replacing: "Removing the old credential…"
        case .preparingCode: "Preparing a code…"
        case .cancelling: "Cancelling…"
        case .checkingSignIn: "Checking the sign-in…"
        case .approving: "Approving the sign-in…"
        case .declining: "Declining the sign-in…"
        case .sendingEmailCode: "Sending a code…"
        case .checkingEmailCode: "Checking the code…"
        case .credentialExistsTitle: "Welcome back"
        case .credentialExistsMessage: "This device holds the credential of {0}."
        case .chooseCredentialTitle: "Choose an account"
        case .chooseCredentialMessage: "Several accounts can sign in on this device."
        case .noCredentialTitle: "Sign in without a password"
        case .noCredentialMessage: "This device has no credential for this app yet."
        case .inactiveCredentialNote: "The credential of {0} on this device can no longer sign in: {1}."
        case .replaceTitle: "Replace the credential of {0}?"
        case .replaceMessage:
            "It will be revoked and deleted from this device. If {0} has no other device with a credential, "
                + "the account can only be recovered by email."
        case .explanationTitle: "What is a credential?"
        case .explanationMessage:
            "A credential is a key kept on this device, with a certificate that says whose key it is. "
                + "Signing in proves that this device holds the key: there is no password to type, guess or steal. "
                + "The key never leaves the device; to sign in on another device, add the credential to it with a code."
        case .enterCodeTitle: "Add this device from another device"
        case .enterCodeMessage:
            "On a device that already signs you in, open settings and choose “Add to another device”. "
                + "Enter the 9-digit code it shows, or scan its QR code."
        case .codePrompt: "Code"
        case .codePlaceholder: "123 456 789"
        case .codeMalformed: "Enter the 9 digits of the code."
        case .settingsTitle: "Passwordless sign-in"
        case .settingsMessage: "Credentials on this device:"
        case .settingsEmpty: "This device has no credential yet."
        case .deleteTitle: "Delete the credential of {0}?"
        case .deleteMessage:
            "It will be revoked and removed from this device, and cannot sign in again. If no other device "
                + "holds a credential for {0}, recovering the account is the only way back."
        case .showCodeTitle: "Add to another device"
        case .showCodeMessage:
            "On the other device, choose “Add this device from another device” and enter this code or scan "
                + "the QR code. The code changes every 90 seconds."
        case .countdown: "New code in {0} s"
        case .deletedTitle: "Credential deleted"
        case .deletedMessage: "The credential of {0} was revoked and removed from this device."
        case .extendedTitle: "Device added"
        case .extendedMessage: "The other device can now sign in as {0}."
        case .extensionCancelledTitle: "Cancelled"
        case .extensionCancelledMessage: "The code no longer works."
        case .enterSignInURLTitle: "Approve a sign-in on another device"
        case .enterSignInURLMessage:
            "When a browser on another device asks you to sign in with this app, it shows a QR code and a link. "
                + "Scan the QR code, or copy the link and paste it here."
        case .signInURLPrompt: "Sign-in link"
        case .signInURLPlaceholder: "https://…/v1/cross-device?request=…"
        case .signInURLInvalid: "This is not a sign-in link of this app's server. Paste the whole link the browser shows."
        case .approveSignInTitle: "Sign in to {0} on another device?"
        case .approveSignInMessage:
            "Approve only if you started this sign-in yourself, in a browser you can see now, and the details below are yours. "
                + "If someone sent you this link or QR code, decline: they would be signed in as you."
        case .chooseApproverMessage: "Several accounts can approve this sign-in. Which one is signing in?"
        case .approvedTitle: "Approved"
        case .approvedMessage: "Continue on your other device."
        case .declinedTitle: "Declined"
        case .declinedMessage: "Nobody was signed in. The browser on the other device says so."
        case .emailCodeOfferMessage:
            "This device has no credential for this app. If your old device is lost or replaced, sign in with a code "
                + "sent to your email address, then set up this device."
        case .enterEmailTitle: "Sign in with a code sent by email"
        case .enterEmailMessage: "Enter the email address of your account. If it is one, a code is on its way."
        case .emailPrompt: "Email address"
        case .emailPlaceholder: "name@example.com"
        case .emailMalformed: "Enter an email address, such as name@example.com."
        case .enterEmailCodeTitle: "Enter the code"
        case .enterEmailCodeMessage: "If {0} is the address of your account, an email with a code is on its way. The code works for 10 minutes."
        case .emailCodePrompt: "Code from the email"
        case .emailCodePlaceholder: "123456"
        case .emailCodeMalformed: "Enter the digits of the code from the email."
        case .emailCodeWrong: "That code is not right. Check the email and try again ({0} tries left)."
        case .setUpDeviceTitle: "Set up this device?"
        case .setUpDeviceMessage:
            "You are signed in. Set up this device to sign in without an email code next time. "
                + "If your old device is lost, delete its credential afterwards, or ask support to."
        case .deviceSetUpTitle: "This device is set up"
        case .deviceSetUpMessage: "It now signs in as {0}."
        case .detailApplication: "Application"
        case .detailStarted: "Started"
        case .detailBrowserAddress: "Browser address"
        case .detailBrowser: "Browser"
        case .detailPlace: "Place"
        case .detailReferer: "Came from"
        case .detailNotKnown: "not known"
        case .detailIdentity: "Name"
        case .detailUsername: "Username"
        case .detailRealm: "Realm"
        case .detailTenant: "Organisation"
        case .detailCreated: "Created"
        case .detailState: "State"
        case .detailRootFingerprint: "Root fingerprint (SHA-256)"
        case .detailDevice: "Device"
        case .detailSystem: "System"
        case .detailCredentialID: "Credential ID"
        case .detailExtendedFrom: "Added from credential"
        case .stateActive: "active"
        case .stateUserSuspended: "account suspended"
        case .stateUserDeleted: "revoked"
        case .stateDeviceDeleted: "deleted from this device"
        case .stateInvalid: "invalid"
        case .errorRevokedTitle: "This credential was revoked"
        case .errorRevokedMessage:
            "It can no longer sign in. Set up a new one, add this device from another device, or recover your account."
        case .errorSuspendedTitle: "Your account is suspended"
        case .errorSuspendedMessage: "Sign-in is blocked until your organisation resumes the account. Contact support."
        case .errorUnreachableTitle: "The server cannot be reached"
        case .errorUnreachableMessage: "Check your connection and try again. Nothing was changed."
        case .errorLinkTitle: "This link no longer works"
        case .errorLinkMessage: "It has expired or was already used. Ask for a new link, or recover your account."
        case .errorWrongCodeTitle: "That code did not work"
        case .errorWrongCodeMessage: "Check the code on your other device: it changes every 90 seconds."
        case .errorCodeExpiredTitle: "The code has expired"
        case .errorCodeExpiredMessage: "Enter the code your other device shows now."
        case .errorCodeUsedTitle: "The code was already used"
        case .errorCodeUsedMessage: "Each code works once. Show a new code on your other device."
        case .errorOtherDeviceTitle: "The other device stopped"
        case .errorOtherDeviceMessage: "It cancelled or stopped answering. Start again on both devices."
        case .errorRateLimitedTitle: "Too many attempts"
        case .errorRateLimitedMessage: "Wait {0} seconds, then try again."
        case .errorNotFoundTitle: "No credential found"
        case .errorNotFoundMessage: "This device has no credential that can sign in here."
        case .errorPassphraseTitle: "Wrong passphrase"
        case .errorPassphraseMessage: "The passphrase does not unlock this credential. Try again."
        case .errorGenericTitle: "Something went wrong"
        case .errorGenericMessage: "{0}"
        case .errorSignInCodeTitle: "This sign-in link does not work"
        case .errorSignInCodeMessage: "Check that you scanned or pasted all of it, or start signing in again in the browser."
        case .errorSignInExpiredTitle: "This sign-in has expired"
        case .errorSignInExpiredMessage: "Start signing in again in the browser, then scan its new QR code."
        case .errorSignInDecidedTitle: "This sign-in was already answered"
        case .errorSignInDecidedMessage:
            "It was approved or declined already, on this device or another. Start again in the browser if you still want to sign in."
        case .errorEmailCodeUsedUpTitle: "This code can no longer be used"
        case .errorEmailCodeUsedUpMessage: "Too many wrong codes were tried, or it was used already. Go back and ask for a new code."
        case .errorEmailCodeExpiredTitle: "The code has expired"
        case .errorEmailCodeExpiredMessage: "Codes work for 10 minutes. Go back and ask for a new code."
        case .errorEmailCodeNotOfferedTitle: "Sign-in by email code is not offered"
        case .errorEmailCodeNotOfferedMessage: "This app does not offer it. Recover your account, or contact support."
        }
    }
}
