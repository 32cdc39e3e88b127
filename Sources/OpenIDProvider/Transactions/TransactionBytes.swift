import IdentityServerCore

/// The compact form an ``AuthorizationTransaction`` is sealed in: a version byte (2), then each
/// member in a fixed order, strings as a LEB128 length and their UTF-8, an absent member as 0
/// and a present one's length (or count) plus one, `expiresAt` as 8 bytes big-endian; the
/// `traceparent`, when there is one, last as a string.
///
/// Written by hand because it is sealed and opened at every sign-in (as JSON it was 3% of the
/// server's CPU) and its one reader is this server. Version 1, the JSON form, starts with `{`:
/// ``TransactionSeal`` still opens it, so references sealed before an upgrade keep working.
package enum TransactionBytes {
    package static let version: UInt8 = 2

    package static func encode(_ transaction: AuthorizationTransaction) -> [UInt8] {
        var writer = Writer()
        writer.bytes.append(version)
        for text in [transaction.applicationID, transaction.realmID, transaction.redirectURI, transaction.scope] { writer.string(text) }
        for text in [transaction.state, transaction.nonce, transaction.codeChallenge, transaction.codeChallengeMethod] { writer.optional(text) }
        writer.string(transaction.challenge)
        for shift in stride(from: 56, through: 0, by: -8) { writer.bytes.append(UInt8(truncatingIfNeeded: transaction.expiresAt >> Int64(shift))) }
        writer.bytes.append(transaction.crossDevice.map { $0 ? 2 : 1 } ?? 0)
        writer.count(transaction.acrValues?.count)
        for value in transaction.acrValues ?? [] { writer.string(value) }
        // Last and only when there is one: a server that does not trace writes what servers
        // before traces read.
        if let traceparent = transaction.traceparent, traceparent.utf8.count == 55 { writer.string(traceparent) }
        return writer.bytes
    }

    /// The transaction in `bytes`, or `nil` unless they are exactly one in this form.
    package static func decode(_ bytes: some Collection<UInt8>) -> AuthorizationTransaction? {
        var reader = Reader(bytes: Array(bytes))
        guard reader.byte() == version,
              let applicationID = reader.string(), let realmID = reader.string(),
              let redirectURI = reader.string(), let scope = reader.string(),
              let state = reader.optional(), let nonce = reader.optional(),
              let codeChallenge = reader.optional(), let codeChallengeMethod = reader.optional(),
              let challenge = reader.string(), let expiresAt = reader.int64(),
              let crossDevice = reader.byte(), crossDevice <= 2,
              let acrCount = reader.count()
        else { return nil }
        var acrValues: [String]?
        if let acrCount {
            acrValues = []
            for _ in 0..<acrCount {
                guard let value = reader.string() else { return nil }
                acrValues?.append(value)
            }
        }
        var traceparent: String?
        if !reader.isAtEnd {
            // W3C trace context version 00: `00-` 32 hex `-` 16 hex `-` 2 hex.
            guard let text = reader.string(), text.utf8.count == 55 else { return nil }
            traceparent = text
        }
        guard reader.isAtEnd else { return nil }
        return AuthorizationTransaction(
            applicationID: applicationID, realmID: realmID, redirectURI: redirectURI, scope: scope, state: state, nonce: nonce,
            codeChallenge: codeChallenge, codeChallengeMethod: codeChallengeMethod, challenge: challenge, expiresAt: expiresAt,
            crossDevice: crossDevice == 0 ? nil : crossDevice == 2, acrValues: acrValues, traceparent: traceparent)
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func number(_ value: Int) {
            var rest = UInt(value)
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        mutating func string(_ text: String) {
            number(text.utf8.count)
            bytes.append(contentsOf: text.utf8)
        }

        mutating func optional(_ text: String?) {
            guard let text else { return number(0) }
            number(text.utf8.count + 1)
            bytes.append(contentsOf: text.utf8)
        }

        mutating func count(_ count: Int?) {
            number(count.map { $0 + 1 } ?? 0)
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// A LEB128 number of at most four bytes (no member is longer than 256 MiB).
        mutating func number() -> Int? {
            var value = 0
            for shift in stride(from: 0, to: 28, by: 7) {
                guard let byte = byte() else { return nil }
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
            }
            return nil
        }

        mutating func text(length: Int) -> String? {
            guard length <= bytes.count - offset else { return nil }
            defer { offset += length }
            return String(validating: bytes[offset..<offset + length], as: UTF8.self)
        }

        mutating func string() -> String? {
            number().flatMap { text(length: $0) }
        }

        /// `.some(nil)` for an absent member, `nil` for malformed bytes.
        mutating func optional() -> String?? {
            guard let marker = number() else { return nil }
            guard marker > 0 else { return .some(nil) }
            return text(length: marker - 1).map { .some($0) }
        }

        /// `.some(nil)` for an absent list, `nil` for malformed bytes.
        mutating func count() -> Int?? {
            guard let marker = number() else { return nil }
            return .some(marker > 0 ? marker - 1 : nil)
        }

        mutating func int64() -> Int64? {
            guard bytes.count - offset >= 8 else { return nil }
            defer { offset += 8 }
            return bytes[offset..<offset + 8].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        }
    }
}
