import Foundation

/// JSON text written by hand, for what is written often and has a fixed shape (log lines,
/// token payloads): RFC 8259, with the separators U+2028 and U+2029 escaped too.
package enum JSONText {
    /// `text` as a JSON string (RFC 8259 §7): quote, backslash and control characters escaped.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        escape(text, into: &result)
        return result + "\""
    }

    /// Appends `text` to `result` with quote, backslash and control characters escaped as in a
    /// JSON string, without the quotes.
    package static func escape(_ text: String, into result: inout String) {
        // Most text (ids, tokens, URLs) has nothing to escape: appended whole, not scalar by
        // scalar, after a scan of its bytes in place (a native string's are contiguous).
        let plain = text.utf8.withContiguousStorageIfAvailable { !$0.contains(where: mayBeginAnEscape) }
            ?? !text.utf8.contains(where: mayBeginAnEscape)
        guard !plain else {
            result += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether a UTF-8 byte may begin what is escaped: a quote, a backslash, a control
    /// character, DEL, or 0xE2, the lead byte of U+2028 and U+2029 (and of other characters,
    /// which are then written as they are).
    private static func mayBeginAnEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2
    }
}
