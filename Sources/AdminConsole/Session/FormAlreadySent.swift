/// A form that shows a secret once, sent again (a reload, or the back button): what it created
/// is not shown again, nor is anything created twice. The console answers with a page that says
/// so and leads back to where a new one is made.
package struct FormAlreadySent: Error, Equatable {
    package init() {}

    /// What the page says.
    package static let message = "This form was already sent: what it created (a secret or a link) was shown once then and is never shown again. "
        + "To get a new one, rotate the secret or make a new link on its page."
}
