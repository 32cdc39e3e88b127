extension ConsoleTemplate {
    /// Stub.
    static let identitySource = """
        {{<layout}}{{$main}}<h1>Identity</h1>{{/main}}{{/layout}}
        """
}
