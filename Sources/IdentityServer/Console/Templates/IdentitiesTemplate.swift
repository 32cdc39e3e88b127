extension ConsoleTemplate {
    /// Stub.
    static let identitiesSource = """
        {{<layout}}{{$main}}<h1>Identities</h1>{{/main}}{{/layout}}
        """
}
