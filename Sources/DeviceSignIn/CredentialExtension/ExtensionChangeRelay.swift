import IdentityStorage
import ServiceLifecycle
import IdentityServerCore

/// Wakes this instance's long polls when another server instance sharing the database changes
/// an extension session (PostgreSQL `NOTIFY`), so device A on one instance hears at once that
/// device B claimed its code on another.
package struct ExtensionChangeRelay: Service {
    package let store: any DeviceSignInStore
    package let signals: ExtensionSignals

    package init(store: any DeviceSignInStore, signals: ExtensionSignals) {
        self.store = store
        self.signals = signals
    }

    package func run() async throws {
        let changes = await store.extensionSessionChanges()
        await cancelWhenGracefulShutdown {
            for await sessionID in changes { await signals.signal(sessionID) }
        }
        // SQLite has nothing to relay; stay until the server stops, as a service that returns
        // early would stop the server.
        try? await gracefulShutdown()
    }
}
