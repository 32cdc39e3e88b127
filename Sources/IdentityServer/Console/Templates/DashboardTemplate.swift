extension ConsoleTemplate {
    /// Stub.
    static let dashboardSource = """
        {{<layout}}{{$main}}<h1>Dashboard</h1>{{/main}}{{/layout}}
        """
}
