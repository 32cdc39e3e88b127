package import IdentityServerCore

extension ServerRequestContext {
    /// The console session and form the console middleware checked; `nil` elsewhere.
    package var console: ConsoleRequest? {
        get { slots[ConsoleRequest.self] }
        set { slots[ConsoleRequest.self] = newValue }
    }
}

extension ConsoleRequest: RequestSlotKey {
    package typealias Value = ConsoleRequest
}
