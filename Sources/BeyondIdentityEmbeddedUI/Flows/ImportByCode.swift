import BeyondIdentityEmbedded

/// Adds this device from another device: the user types (or scans) the 9-digit code the other
/// device shows, and the credential is imported while a progress screen can cancel it.
struct ImportByCode: Sendable {
    let context: FlowContext

    /// Asks for the code until an import succeeds or the user leaves.
    func run() async -> AddCredential.Result {
        let strings = context.strings
        var problem: String?
        while true {
            let screen = Screen(
                kind: .enterCode, title: strings[.enterCodeTitle], message: strings[.enterCodeMessage],
                input: InputField(prompt: strings[.codePrompt], placeholder: strings[.codePlaceholder],
                                  allowsScanning: true, problem: problem),
                actions: [context.action(.support, .support), context.action(.back, .back, role: .dismiss)])
            switch await context.ask(screen) {
            case let .submit(text):
                let token = CredentialToken(value: text)
                guard token.isWellFormed else {
                    problem = strings[.codeMalformed]
                    continue
                }
                problem = nil
                let sdk = context.sdk
                switch await context.work(.importing, { () async throws(BISDKError) in try await sdk.registerCredentials(token: token) }) {
                case let .finished(credentials): return .imported(credentials)
                case .stopped(.close): return .ended(.closed)
                case .stopped: continue
                case let .failed(error):
                    switch await context.explain(error, canRecover: false) {
                    case .close: return .ended(.failed(error))
                    default: continue
                    }
                }
            case .back:
                return .back
            default:
                return .ended(.closed)
            }
        }
    }
}
