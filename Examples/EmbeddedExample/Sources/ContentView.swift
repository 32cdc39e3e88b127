import BeyondIdentityEmbedded
import SwiftUI

/// The example's one screen.
struct ContentView: View {
    @ObservedObject var model: ExampleModel

    var body: some View {
        NavigationStack {
            List {
                Section("Server") {
                    TextField("Server URL", text: $model.server)
                    TextField("Public client id", text: $model.clientID)
                    Button("Configure") { model.configure() }
                }
                Section("Register") {
                    TextField("Enrollment link", text: $model.link)
                    Button("Register this device") { Task { await model.register() } }
                }
                Section("Sign in") {
                    Button("Sign in") { Task { await model.signIn() } }
                    Text(model.status)
                }
                if let signIn = model.signInElsewhere {
                    Section("Sign in on another device?") {
                        Text("\(signIn.application.displayName ?? signIn.application.id.value), started \(signIn.startedAt.formatted())")
                        Text("Browser: \(signIn.origin.userAgent ?? "not known") at \(signIn.origin.sourceIp ?? "an unknown address")")
                        Text("Place: \(signIn.origin.geolocation ?? "not known")")
                        Text("Approve only a sign-in you started yourself.")
                        Button("Approve") { Task { await model.decide(approve: true) } }
                        Button("Decline", role: .destructive) { Task { await model.decide(approve: false) } }
                    }
                }
                Section("Credentials") {
                    ForEach(model.credentials, id: \.handle) { credential in
                        Text(credential.displayName)
                        Button("Delete", role: .destructive) { Task { await model.delete(credential) } }
                    }
                    if let code = model.extensionCode {
                        Text(code).font(.largeTitle.monospacedDigit())
                        Button("Stop") { Task { await model.stopAddingDevice() } }
                    } else if !model.credentials.isEmpty {
                        Button("Add another device") { Task { await model.addDevice() } }
                    }
                }
            }
            .navigationTitle("Passwordless sign-in")
        }
    }
}
