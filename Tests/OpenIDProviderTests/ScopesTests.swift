import OpenIDProvider
import Testing

/// How a scope string (RFC 6749 §3.3) is read: its space-separated values in order, each once,
/// with nothing made of runs of spaces, and values beyond ASCII kept whole.
@Suite struct ScopesTests {
    @Test func valuesComeInOrderEachOnce() {
        #expect(Scopes.parse("openid profile openid email profile") == ["openid", "profile", "email"])
    }

    @Test func spacesMakeNoEmptyValues() {
        #expect(Scopes.parse("  openid   email ") == ["openid", "email"])
        #expect(Scopes.parse("   ") == [])
        #expect(Scopes.parse("") == [])
        #expect(Scopes.parse(nil) == [])
    }

    @Test func onlyTheSpaceSeparates() {
        #expect(Scopes.parse("openid\temail") == ["openid\temail"], "a tab is part of a value, for the scope check to refuse")
        #expect(Scopes.parse("ëmail 配置 openid") == ["ëmail", "配置", "openid"])
    }

    @Test func manyValuesKeepTheirFirstOccurrences() {
        let values = (0..<5_000).map { "s\($0)" }
        #expect(Scopes.parse((values + values.reversed()).joined(separator: " ")) == values)
    }
}
