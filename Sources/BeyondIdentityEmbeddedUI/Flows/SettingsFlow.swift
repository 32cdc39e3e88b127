import BeyondIdentityEmbedded
import Foundation

/// The flow behind ``openBeyondIdentitySettings(with:config:completion:)``: the device's
/// credentials with their details; delete one (after a confirmation that says what is lost),
/// add one to another device by code, or add a credential to this device.
struct SettingsFlow: Sendable {
    let context: FlowContext
    let config: BeyondIdentityConfig

    func run() async -> FlowOutcome {
        let sdk = context.sdk
        return await context.showingCredentials({ () async throws(BISDKError) in try await sdk.getCredentials() }) {
            await list($0)
        }
    }

    private func list(_ credentials: [Credential]) async -> FlowStep {
        let strings = context.strings
        let entries = credentials.map {
            ScreenAction(.details($0.handle), strings[.credentialChoice, $0.displayName, context.stateName($0.state)])
        }
        let screen = Screen(
            kind: .credentialList, title: strings[.settingsTitle],
            message: strings[credentials.isEmpty ? .settingsEmpty : .settingsMessage],
            actions: entries + [
                context.action(.addCredential, .addCredential, role: credentials.isEmpty ? .primary : .normal),
                context.action(.explain, .explain), context.action(.support, .support),
                context.action(.close, .close, role: .dismiss),
            ])
        switch await context.ask(screen) {
        case let .details(handle):
            guard let credential = credentials.first(where: { $0.handle == handle }) else { return .reload }
            return await details(of: credential)
        case .addCredential:
            switch await AddCredential(context: context, config: config).run(canGoBack: true) {
            case let .ended(outcome): return .ended(outcome)
            case .imported, .back: return .reload
            }
        default:
            return .ended(.closed)
        }
    }

    private func details(of credential: Credential) async -> FlowStep {
        var actions: [ScreenAction] = []
        if credential.state == .active { actions.append(context.action(.extend(credential.handle), .extend, role: .primary)) }
        actions += [
            context.action(.delete(credential.handle), .delete, role: .destructive), context.action(.back, .back, role: .dismiss),
        ]
        let screen = Screen(kind: .credentialDetails, title: credential.displayName, details: facts(credential), actions: actions)
        while true {
            switch await context.ask(screen) {
            case .extend:
                switch await ExtendFlow(context: context, credential: credential).run() {
                case .done:
                    if await context.notice(.extendedTitle, .extendedMessage, credential.identityDisplayName) == .close {
                        return .ended(.closed)
                    }
                    return .reload
                case .cancelled:
                    if await context.notice(.extensionCancelledTitle, .extensionCancelledMessage) == .close { return .ended(.closed) }
                case .closed:
                    return .ended(.closed)
                case let .failed(error):
                    if await context.explain(error, canRecover: false) == .close { return .ended(.failed(error)) }
                }
            case .delete:
                if let next = await delete(credential) { return next }
            case .back:
                return .reload
            default:
                return .ended(.closed)
            }
        }
    }

    /// Asks for confirmation, then deletes; `nil` means the user kept the credential.
    private func delete(_ credential: Credential) async -> FlowStep? {
        let strings = context.strings
        let name = credential.identityDisplayName
        let confirmation = Screen(
            kind: .deleteConfirmation, title: strings[.deleteTitle, name], message: strings[.deleteMessage, name],
            actions: [context.action(.confirm, .deleteConfirm, role: .destructive), context.action(.back, .keep, role: .dismiss)])
        return await context.confirmDeletion(of: credential, confirmation: confirmation, progress: .deleting) {
            await context.notice(.deletedTitle, .deletedMessage, name) == .close ? .ended(.closed) : .reload
        }
    }

    /// What the details screen lists.
    private func facts(_ credential: Credential) -> [Detail] {
        let strings = context.strings
        var facts = [
            Detail(strings[.detailIdentity], credential.identityDisplayName),
            Detail(strings[.detailUsername], credential.identityUsername),
            Detail(strings[.detailRealm], credential.realmDisplayName),
            Detail(strings[.detailTenant], credential.tenantDisplayName),
            Detail(strings[.detailCreated], credential.created.formatted(date: .abbreviated, time: .shortened)),
            Detail(strings[.detailState], context.stateName(credential.state)),
            Detail(strings[.detailRootFingerprint], credential.rootFingerprint),
            Detail(strings[.detailDevice], context.device.name),
            Detail(strings[.detailSystem], context.device.system),
            Detail(strings[.detailCredentialID], credential.handle.rawValue),
        ]
        if let parent = credential.parentHandle { facts.append(Detail(strings[.detailExtendedFrom], parent.rawValue)) }
        return facts
    }
}
