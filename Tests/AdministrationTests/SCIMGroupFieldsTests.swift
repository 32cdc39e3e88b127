import Testing
import IdentityServerCore
import Administration

/// A group a directory writes holds at most `SCIMGroup.maxMembers` distinct members (what one
/// answer lists of it); repeats of one member count once.
@Suite struct SCIMGroupFieldsTests {
    private static func group(_ ids: [String]) -> [String: Any] {
        ["displayName": "everyone", "members": ids.map { ["value": $0] }]
    }

    @Test func membersAreBounded() throws {
        let most = (0..<SCIMGroup.maxMembers).map { "idn_\($0)" }
        #expect(try SCIMGroup.fields(Self.group(most + ["idn_0", "idn_1"])).memberIDs.count == SCIMGroup.maxMembers + 2)
        #expect(throws: SCIMError.invalidValue("")) { try SCIMGroup.fields(Self.group(most + ["idn_one_more"])) }
    }
}
