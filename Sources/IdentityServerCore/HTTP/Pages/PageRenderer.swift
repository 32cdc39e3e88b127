import Foundation
package import HTTPTypes
package import Hummingbird
import Mustache

/// A set of Mustache templates compiled into the binary: the console's, the hosted sign-in pages'.
package protocol PageTemplate: RawRepresentable<String>, CaseIterable, Sendable {
    /// The template's Mustache source.
    var source: String { get }
}

/// Renders pages from one set of templates, compiled once.
package struct PageRenderer<Template: PageTemplate>: Sendable {
    private let library: MustacheLibrary

    /// Compiles every template; a template that does not parse is a programming error a test catches.
    package init() throws {
        var library = MustacheLibrary()
        for template in Template.allCases {
            try library.register(template.source, named: template.rawValue)
        }
        self.library = library
    }

    /// The HTML of `template` over `view` (a value whose stored properties the template names).
    package func html(_ template: Template, _ view: Any) -> String {
        library.render(view, withTemplate: template.rawValue) ?? ""
    }

    /// A page response; the security headers are added by the pages' middleware.
    package func page(_ template: Template, _ view: Any, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html(template, view))))
    }
}

