import Foundation
import FuzzSupport
import IdentityServerCore
import Administration

/// What a directory sends the SCIM service that is parsed as structure: the first byte picks the
/// parser, the rest is input. A filter (a list's `filter=`, also a PATCH path's `[…]`) is parsed,
/// evaluated on a user and turned into the store's conditions for users and groups; a PATCH body
/// is read and applied to a user, whose fields are then read as a PUT's would be. Refusing is
/// fine; crashing, or throwing anything but a SCIM error (a `500`), is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSCIMInputs(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let (selector, input) = FuzzInput.split(bytes, count) else { return 0 }
    switch selector % 2 {
    case 0:  // a filter
        expectSCIMErrorOnly {
            let filter = try SCIMFilter(parsing: String(decoding: input, as: UTF8.self))
            _ = filter.matches(SCIMFuzzing.user)
            _ = try? filter.condition(SCIMUserService.filterable)
            _ = try? filter.condition(SCIMGroupService.filterable)
        }
    default:  // a PATCH body applied to a user
        guard let body = try? JSONSerialization.jsonObject(with: Data(input)) as? [String: Any] else { return 0 }
        expectSCIMErrorOnly {
            let patched = try SCIMPatch(body, of: SCIMResourceType.user.schema).apply(to: SCIMFuzzing.user)
            _ = try SCIMUser.fields(patched)
        }
    }
    return 0
}

/// Traps on an error the SCIM service would not answer as its own (it would answer `500`).
private func expectSCIMErrorOnly(_ body: () throws -> Void) {
    do {
        try body()
    } catch is SCIMError {
    } catch {
        fatalError("SCIM input made the service throw \(String(reflecting: type(of: error))): it would answer 500")
    }
}

enum SCIMFuzzing {
    /// A user as the service shows one, with the multi-valued attributes filters and paths reach.
    nonisolated(unsafe) static let user: [String: Any] = [
        "schemas": [SCIMUser.schema], "id": "idn_1", "userName": "ada", "displayName": "Ada", "active": true,
        "name": ["givenName": "Ada", "familyName": "Lovelace"],
        "emails": [["value": "ada@example.com", "type": "work", "primary": true], ["value": "a@home.example", "type": "home"]],
        "roles": [["value": "admin"]], "meta": ["created": "2026-01-31T12:00:00Z", "lastModified": "2026-02-01T12:00:00.5Z"],
    ]
}

/// libFuzzer's driver when built with `-sanitize=fuzzer` (`Fuzz/run`); otherwise a replay of
/// the files or directories given as arguments.
@main struct Main {
    static func main() { FuzzInput.main { fuzzSCIMInputs($0, $1) } }
}
