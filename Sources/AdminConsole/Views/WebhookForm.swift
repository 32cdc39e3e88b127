import Foundation
package import IdentityProtocol
import IdentityStorage
package import IdentityServerCore

/// A webhook endpoint's form, both ways: an endpoint (or the form as posted, when refused) into
/// the values and event choices the template shows, and a posted form into the admin API's input.
package struct WebhookForm: Sendable {
    /// One event type's checkbox.
    package struct Event: Sendable {
        package let type: String
        /// The checkbox's id (`event-credential-bound`).
        package let id: String
        package let checked: Bool
    }

    package let url: String
    package let description: String
    package let events: [Event]

    /// A new endpoint's form: every event type chosen.
    package static let blank = WebhookForm(url: "", description: "", chosen: WebhookEventMapping.eventTypes)

    /// The fields of `endpoint`.
    package init(_ endpoint: WebhookEndpoint) {
        self.init(url: endpoint.url, description: endpoint.description ?? "", chosen: endpoint.events)
    }

    /// The fields as posted.
    package init(_ form: FormParameters) {
        self.init(url: (try? form.single("url")) ?? "", description: (try? form.single("description")) ?? "", chosen: form.all("events"))
    }

    private init(url: String, description: String, chosen: [String]) {
        (self.url, self.description) = (url, description)
        events = WebhookEventMapping.eventTypes.map {
            Event(type: $0, id: "event-" + $0.replacingOccurrences(of: ".", with: "-").replacingOccurrences(of: "_", with: "-"),
                  checked: chosen.contains($0))
        }
    }

    /// The admin API's input for a posted form (every field sent, so an emptied one clears).
    package static func input(_ form: FormParameters) throws -> WebhookEndpointInput {
        WebhookEndpointInput(url: try form.single("url"), events: form.all("events"), description: try form.single("description") ?? "")
    }
}
