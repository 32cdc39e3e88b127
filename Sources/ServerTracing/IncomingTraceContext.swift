/// A caller's W3C trace context (`traceparent`, and `tracestate` when it has one), kept only as
/// far as it is well-formed and within W3C's limits: what reaches the tracer's parser is at most
/// 55 + 512 bytes, whatever a caller sends. A `tracestate` that is not a list of at most 32
/// well-formed members in 512 bytes is dropped, and the `traceparent` kept.
public struct IncomingTraceContext: Sendable, Equatable {
    /// `00-` 32 hex digits `-` 16 hex digits `-` 2 hex digits, neither id all zeros.
    public let traceparent: String
    /// The members, comma-separated, empty ones left out.
    public let tracestate: String?

    /// The context these fields carry; `nil` unless `traceparent` is a version-00 one.
    public init?(traceparent: String?, tracestate: String?) {
        guard let traceparent, Self.isTraceparent(traceparent) else { return nil }
        self.traceparent = traceparent
        self.tracestate = tracestate.flatMap(Self.members)
    }

    /// The fields, as the tracer's propagator reads them.
    var fields: [String: String] {
        var fields = ["traceparent": traceparent]
        fields["tracestate"] = tracestate
        return fields
    }

    private static func isTraceparent(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 55, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "0") else { return false }
        let dashes = [2, 35, 52]
        for (index, byte) in bytes.enumerated() {
            if dashes.contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) else {
                    return false
                }
            }
        }
        let zero = UInt8(ascii: "0")
        return !bytes[3..<35].allSatisfy { $0 == zero } && !bytes[36..<52].allSatisfy { $0 == zero }
    }

    /// The list's non-empty members joined again, or `nil` when it breaks W3C's rules or limits.
    private static func members(_ text: String) -> String? {
        guard text.utf8.count <= 512 else { return nil }
        let members = text.split(separator: ",").map { $0.trimmingSpacesAndTabs }.filter { !$0.isEmpty }
        guard !members.isEmpty, members.count <= 32, members.allSatisfy(isMember) else { return nil }
        return members.joined(separator: ",")
    }

    /// `key=value`: a key of lowercase letters, digits and `_-*/` (with one `@` for a vendor),
    /// starting with a letter or digit; a value of printable ASCII but `,` and `=`, not ending in
    /// a space; each at most 256 characters.
    private static func isMember(_ member: Substring) -> Bool {
        let parts = member.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let key = parts.first?.utf8, let value = parts.last?.utf8,
              (1...256).contains(key.count), (1...256).contains(value.count),
              let first = key.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
              key.filter({ $0 == UInt8(ascii: "@") }).count <= 1,
              key.allSatisfy({ byte in
                  (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                      || "_-*/@".utf8.contains(byte)
              }),
              value.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "=") }),
              value.last != UInt8(ascii: " ")
        else { return false }
        return true
    }
}

extension Substring {
    /// Without the spaces and tabs (HTTP's optional whitespace) at either end.
    fileprivate var trimmingSpacesAndTabs: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
