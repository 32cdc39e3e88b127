import Foundation
import IdentityProtocol
import Testing

/// Issue 30, "typed values on the wire": states, client types, grant types, token-endpoint auth
/// methods, algorithms and the like are IdentityProtocol types, and no source compares one of
/// them with a string literal outside the type's own file (`state == "active"`,
/// `identity.status == "suspended"`, `clientType == "confidential"`, `case "revoked":`).
@Suite struct WireValueLiteralTests {
    /// The types whose values must not be spelled as literals elsewhere, with their known values.
    static let types: [(file: String, values: [String])] = [
        ("Admin/AdminTokenStatus.swift", [AdminTokenStatus.active, .expired, .revoked].map(\.rawValue)),
        ("Admin/BindingJobDelivery.swift", [BindingJobDelivery.email, .return].map(\.rawValue)),
        ("Admin/BindingJobKind.swift", [BindingJobKind.registration, .recovery].map(\.rawValue)),
        ("Admin/BindingJobStatus.swift", [BindingJobStatus.pending, .complete].map(\.rawValue)),
        ("Admin/ClientType.swift", ClientType.allCases.map(\.rawValue)),
        ("Admin/GrantType.swift", [GrantType.authorizationCode, .refreshToken, .clientCredentials].map(\.rawValue)),
        ("Admin/IdentityStatus.swift", [IdentityStatus.active, .suspended, .deleted].map(\.rawValue)),
        ("Admin/JWSAlgorithm.swift", [JWSAlgorithm.es256, .rs256].map(\.rawValue)),
        ("Admin/SigningKeyStatus.swift", [SigningKeyStatus.current, .next, .retired].map(\.rawValue)),
        ("Admin/TokenEndpointAuthMethod.swift",
         [TokenEndpointAuthMethod.clientSecretBasic, .clientSecretPost, .none].map(\.rawValue)),
        ("Device/ExtensionState.swift", [ExtensionState.open, .claimed, .complete, .cancelled, .failed].map(\.rawValue)),
        ("Device/ServerCredentialState.swift",
         [ServerCredentialState.active, .revoked, .suspended, .deleted, .unknown].map(\.rawValue)),
    ]

    static let vocabulary = Set(types.flatMap(\.values))

    /// Names a wire value goes by in the sources (properties, parameters, the JWS header's `alg`).
    private static let field =
        #"(?:state|status|kind|delivery|clientType|tokenEndpointAuthMethod|grantTypes?|idTokenSignedResponseAlg|algorithm|alg|states\[[^\]]*\])"#

    /// Each captures the literal in group 1.
    private static let patterns: [NSRegularExpression] = [
        // x.state == "active", x.status.rawValue != "deleted"
        #"\b\#(field)(?:\.rawValue)?\s*(?:==|!=)\s*"([^"]*)""#,
        // "active" == x.state
        #""([^"]*)"\s*(?:==|!=)\s*[\w.?]*\b\#(field)\b"#,
        // grantTypes.contains("client_credentials")
        #"\b\#(field)(?:\.map\(\\\.rawValue\))?\.contains\("([^"]*)"\)"#,
        // case "revoked": in a switch over a state
        #"^\s*case\s+"([^"]*)"\s*[:,]"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// The literals a line compares a wire value with.
    static func offences(in line: String) -> [String] {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("//") else { return [] }
        let range = NSRange(line.startIndex..., in: line)
        return patterns.flatMap { pattern in
            pattern.matches(in: line, range: range).compactMap { match in
                Range(match.range(at: 1), in: line).map { String(line[$0]) }
            }
        }.filter(vocabulary.contains)
    }

    @Test func theMatcherFindsWhatTheIssueNames() {
        #expect(Self.offences(in: #"        guard state == "active" else { return }"#) == ["active"])
        #expect(Self.offences(in: #"if identity.status == "suspended" {"#) == ["suspended"])
        #expect(Self.offences(in: #"let confidential = app.clientType.rawValue == "confidential""#) == ["confidential"])
        #expect(Self.offences(in: #"guard "revoked" != descriptor.state else {"#) == ["revoked"])
        #expect(Self.offences(in: #"response.states[id] == "unknown""#) == ["unknown"])
        #expect(Self.offences(in: #"if application.grantTypes.contains("client_credentials") {"#) == ["client_credentials"])
        #expect(Self.offences(in: #"        case "revoked", "deleted": self = .userDeleted"#) == ["revoked"])
        #expect(Self.offences(in: #"guard header.alg == "ES256" else {"#) == ["ES256"])
        // Not wire values, or not compared with a literal.
        #expect(Self.offences(in: #"return state == "25006""#).isEmpty)
        #expect(Self.offences(in: #"guard identity.status == .active else {"#).isEmpty)
        #expect(Self.offences(in: #"// state == "active" in a comment"#).isEmpty)
    }

    @Test func noSourceComparesAWireValueWithALiteral() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources").standardizedFileURL
        let ownFiles = Set(Self.types.map { sources.appendingPathComponent("IdentityProtocol/\($0.file)").path })
        for file in ownFiles {
            #expect(FileManager.default.fileExists(atPath: file), "\(file) is gone: update WireValueLiteralTests.types")
        }
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [String] = []
        var scanned = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = url.standardizedFileURL.path
            guard !ownFiles.contains(path) else { continue }
            scanned += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for literal in Self.offences(in: String(line)) {
                    found.append("\(path.dropFirst(sources.path.count + 1)):\(number + 1): \"\(literal)\" in \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(scanned > 100, "read \(scanned) files under \(sources.path)")
        #expect(found.isEmpty, "wire values compared with string literals; use the IdentityProtocol type:\n\(found.joined(separator: "\n"))")
    }
}
