import Testing

import IdentityServerCore

/// Request targets with runs of `/` in their paths, made single; the query untouched.
@Suite struct PathNormalizingTests {
    @Test(arguments: [
        ("//console/admin-tokens", "/console/admin-tokens"), ("/console//x///y", "/console/x/y"), ("//", "/"),
        ("/a//b?next=//evil//x", "/a/b?next=//evil//x"), ("///x#//y", "/x#//y"),
    ])
    func emptySegmentsGo(target: String, normalized: String) {
        #expect(PathNormalizingMiddleware<ServerRequestContext>.normalized(target) == normalized)
    }

    @Test(arguments: ["/console/admin-tokens", "/", "/a?b=//c", "/x/y/", "/%2F%2Fz"])
    func pathsWithoutThemAreLeftAlone(target: String) {
        #expect(PathNormalizingMiddleware<ServerRequestContext>.normalized(target) == nil)
    }
}
