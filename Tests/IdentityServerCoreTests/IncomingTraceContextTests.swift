import ServerTracing
import Testing

/// A caller's trace fields are kept only when well-formed and within W3C trace context's limits.
@Suite struct IncomingTraceContextTests {
    private static let parent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test func aVersion00TraceparentIsKeptWithItsStateTidied() throws {
        let context = try #require(IncomingTraceContext(traceparent: Self.parent, tracestate: "rojo=00f067aa0ba902b7, ,\tcongo=t61rcWkgMzE"))
        #expect(context.traceparent == Self.parent)
        #expect(context.tracestate == "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE")
        #expect(IncomingTraceContext(traceparent: Self.parent, tracestate: "acme@vendor=x/y*z")?.tracestate == "acme@vendor=x/y*z")
    }

    @Test(arguments: [
        "", "garbage", "00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01", "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
        "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-",
        "00_4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "00-4bf92f3577b34da6a3ce929d0e0e473g-00f067aa0ba902b7-01",
    ])
    func anythingElseIsNoContext(traceparent: String) {
        #expect(IncomingTraceContext(traceparent: traceparent, tracestate: "a=1") == nil)
    }

    @Test(arguments: [
        (0..<33).map { "k\($0)=v" }.joined(separator: ","), "k=" + String(repeating: "v", count: 511), "A=1", "a=1=2",
        "a@b@c=1", "-a=1", "a=", "=1", "a =1", "a=\u{7F}", "a=é",
    ])
    func aStateBeyondTheRulesIsDroppedAndTheParentKept(tracestate: String) throws {
        let context = try #require(IncomingTraceContext(traceparent: Self.parent, tracestate: tracestate))
        #expect(context.tracestate == nil)
    }
}
