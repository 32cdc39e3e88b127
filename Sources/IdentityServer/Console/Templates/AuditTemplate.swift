extension ConsoleTemplate {
    /// Stub.
    static let auditSource = """
        {{<layout}}{{$main}}<h1>Audit</h1>{{/main}}{{/layout}}
        """
}
