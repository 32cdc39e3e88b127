extension ConsoleTemplate {
    /// Stub.
    static let applicationFormSource = """
        {{<layout}}{{$main}}<h1>ApplicationForm</h1>{{/main}}{{/layout}}
        """
}
