import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// Renders the console's pages from its templates (``ConsoleTemplate``), compiled once.
struct ConsoleRenderer: Sendable {
    private let library: MustacheLibrary

    /// Compiles every template; a template that does not parse is a programming error a test catches.
    init() throws {
        var library = MustacheLibrary()
        for template in ConsoleTemplate.allCases {
            try library.register(template.source, named: template.rawValue)
        }
        self.library = library
    }

    /// The HTML of `template` over `view` (a value whose stored properties the template names).
    func html(_ template: ConsoleTemplate, _ view: Any) -> String {
        library.render(view, withTemplate: template.rawValue) ?? ""
    }

    /// A page response. The console's security headers are added by ``ConsolePageMiddleware``.
    func page(_ template: ConsoleTemplate, _ view: Any, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html(template, view))))
    }
}
