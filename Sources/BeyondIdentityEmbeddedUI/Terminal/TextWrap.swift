#if !canImport(UIKit)
/// Text broken into lines for a terminal: at spaces, so a word is never split where a line
/// ends, unless the word alone is longer than a line.
enum TextWrap {
    /// `text` in lines of at most `width` characters (at least 1), broken at spaces; the spaces
    /// where a line breaks are dropped, and a word longer than `width` is cut into pieces of
    /// `width`. The text's own line breaks are kept. Without a width, the text's own lines.
    static func lines(_ text: String, width: Int?) -> [String] {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let width else { return paragraphs.map(String.init) }
        return paragraphs.flatMap { lines(ofParagraph: $0, width: max(width, 1)) }
    }

    private static func lines(ofParagraph paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count <= width {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var rest = word
            while rest.count > width {
                lines.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            }
            line = String(rest)
        }
        return lines + [line]
    }
}
#endif
