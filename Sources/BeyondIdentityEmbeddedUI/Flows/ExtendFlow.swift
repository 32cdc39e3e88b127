import BeyondIdentityEmbedded

/// Shows the rotating code (with its QR code and countdown) that adds a credential to another
/// device, following ``EmbeddedSDK/extendCredentials(handles:)`` until the other device has
/// imported it; Cancel ends the code on the server at once.
struct ExtendFlow: Sendable {
    let context: FlowContext
    let credential: Credential

    /// How the extension ended.
    enum Result: Sendable {
        /// The other device has the credential.
        case done
        /// The user (or the app) cancelled; the code no longer works.
        case cancelled
        /// The user closed the UI while the code was shown (the code no longer works).
        case closed
        case failed(BISDKError)
    }

    func run() async -> Result {
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        let sdk = context.sdk
        let updates = sdk.extendCredentials(handles: [credential.handle])
        // Unstructured, so that cancelling the flow does not cut the SDK off before the code
        // is ended on the server (see `follow`).
        let follower = Task {
            do {
                for try await status in updates { sink.yield(.status(status)) }
                sink.yield(.ended(nil))
            } catch {
                sink.yield(.ended(error as? BISDKError ?? .description("\(error)")))
            }
        }
        let screens = ScreenSlot(presenter: context.presenter, sink: sink)
        let result = await follow(events, on: screens)
        await screens.clear()
        follower.cancel()
        return result
    }

    /// Shows each code as it comes and stops the extension when the user asks.
    private func follow(_ events: AsyncStream<Event>, on screens: ScreenSlot) async -> Result {
        let sdk = context.sdk
        screens.show(preparing)
        var stoppedBy: UserAction?
        for await event in events {
            switch event {
            case let .status(.started(token, qrCode)), let .status(.tokenUpdated(token, qrCode)):
                screens.show(codeScreen(ShownCode(token: token, qrCode: qrCode)))
            case .status(.done):
                return .done
            case .status(.aborted):
                return stoppedBy == .close ? .closed : .cancelled
            case let .ended(error):
                guard let error, error != .userCancelled else { return stoppedBy == .close ? .closed : .cancelled }
                return .failed(error)
            case let .user(action, generation):
                guard generation == screens.generation, stoppedBy == nil else { continue }
                stoppedBy = action == .close ? .close : .cancel
                screens.show(stopping)
                Task { try? await sdk.cancelExtendCredentials() }  // the SDK then reports .aborted
            }
        }
        // The flow's task was cancelled (Ctrl-C, the app): end the code on the server and wait
        // for that, on a task of its own since the requests of a cancelled task are cancelled too.
        await Task { try? await sdk.cancelExtendCredentials() }.value
        return .cancelled
    }

    private var preparing: Screen {
        Screen(kind: .progress, title: context.strings[.preparingCode], inProgress: true,
               actions: [context.action(.cancel, .cancel, role: .dismiss)])
    }

    private var stopping: Screen {
        Screen(kind: .progress, title: context.strings[.cancelling], inProgress: true, actions: [])
    }

    private func codeScreen(_ code: ShownCode) -> Screen {
        Screen(kind: .showCode, title: context.strings[.showCodeTitle], message: context.strings[.showCodeMessage],
               code: code, actions: [context.action(.cancel, .cancel, role: .dismiss)])
    }

    /// What the extension hears: the SDK's statuses, its end, and the user's actions (tagged
    /// with the screen they answered, so an answer to a replaced screen is ignored).
    enum Event: Sendable {
        case status(ExtendCredentialsStatus)
        case ended(BISDKError?)
        case user(UserAction, generation: Int)
    }
}
