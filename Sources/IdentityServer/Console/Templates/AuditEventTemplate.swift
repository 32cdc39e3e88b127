extension ConsoleTemplate {
    /// Stub.
    static let auditEventSource = """
        {{<layout}}{{$main}}<h1>AuditEvent</h1>{{/main}}{{/layout}}
        """
}
