package import HTTPTypes

/// The headers of every page a person sees (the console, the hosted sign-in pages): a strict
/// content security policy, no sniffing, no framing, no referrer, isolated from other origins.
package enum BrowserSecurityHeaders {
    /// The headers with `policy` as the `Content-Security-Policy`.
    package static func fields(contentSecurityPolicy policy: String) -> HTTPFields {
        [
            HTTPField.Name("Content-Security-Policy")!: policy,
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
            HTTPField.Name("X-Frame-Options")!: "DENY",
            HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
            HTTPField.Name("Cross-Origin-Resource-Policy")!: "same-origin",
        ]
    }

    /// Adds `fields` to `response`, replacing what it set, and `no-store` unless it says how to cache.
    package static func apply(_ fields: HTTPFields, to headers: inout HTTPFields) {
        for field in fields { headers[field.name] = field.value }
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }
}
