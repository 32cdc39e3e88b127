extension ConsoleTemplate {
    /// Stub.
    static let adminTokensSource = """
        {{<layout}}{{$main}}<h1>AdminTokens</h1>{{/main}}{{/layout}}
        """
}
