import Foundation
package import IdentityServerCore

/// A refusal shown on its form: each problem beside the field it names (the API says one a line,
/// each starting with the field's name in quotes), in the form's own words where it names its
/// fields, and all of them in a summary linking to each field.
package struct FormErrors: Sendable {
    /// One problem of the summary.
    package struct Item: Sendable {
        package let message: String
        /// The id of the field to fix, where the form names it.
        package let anchor: String?
    }

    /// A form field's label and the id of its input.
    package typealias Field = (label: String, anchor: String)

    /// The message per field name (a nested field's dots as underscores: `theme_support_url`,
    /// for the templates); a message naming no field is under `form`.
    package let messages: [String: String]
    /// Every problem, in the order found.
    package let summary: [Item]

    /// No errors (a form shown for the first time).
    package static let none = FormErrors(messages: [:], summary: [])

    private init(messages: [String: String], summary: [Item]) {
        (self.messages, self.summary) = (messages, summary)
    }

    /// The problems of `error`, in the words of a form whose `fields` are these (by API name).
    package init(_ error: ServerError, fields: [String: Field] = [:]) {
        var messages: [String: String] = [:]
        var summary: [Item] = []
        for line in error.description.split(separator: "\n").map(String.init) {
            var message = line
            for (name, field) in fields { message = message.replacingOccurrences(of: "'\(name)'", with: field.label) }
            guard line.first == "'", let close = line.dropFirst().firstIndex(of: "'") else {
                messages["form"] = messages["form"].map { $0 + " " + message } ?? message
                summary.append(Item(message: message, anchor: nil))
                continue
            }
            let name = String(line[line.index(after: line.startIndex)..<close])
            let key = name.replacingOccurrences(of: ".", with: "_")
            messages[key] = messages[key].map { $0 + " " + message } ?? message
            summary.append(Item(message: message, anchor: fields[name]?.anchor))
        }
        self.init(messages: messages, summary: summary)
    }
}
