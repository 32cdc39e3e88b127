package import IdentityServerCore

/// A refused form's error, placed beside the field it names: the admin services name the
/// field first in their descriptions (`'username' is required`), in its wire name, which is
/// also the form field's name.
package struct FormErrors: Sendable {
    /// The message per field name; a message naming no field is under `form`.
    package let messages: [String: String]

    /// No errors (a form shown for the first time).
    package static let none = FormErrors(messages: [:])

    private init(messages: [String: String]) {
        self.messages = messages
    }

    package init(_ error: ServerError) {
        let description = error.description
        guard description.first == "'", let close = description.dropFirst().firstIndex(of: "'") else {
            self.init(messages: ["form": description])
            return
        }
        let field = String(description[description.index(after: description.startIndex)..<close])
        self.init(messages: [field: description])
    }
}
