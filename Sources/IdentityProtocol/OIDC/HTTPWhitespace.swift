extension StringProtocol {
    /// The text without HTTP's optional whitespace, spaces and tabs (RFC 9110 §5.6.3), at either
    /// end. Foundation's `trimmingCharacters(in:)` copies the whole text through UTF-16 to do
    /// the same: a tenth of a `/userinfo`'s CPU for its `Authorization` field.
    package var trimmingHTTPWhitespace: SubSequence {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        let start = firstIndex { !isSpace($0) } ?? endIndex
        let end = lastIndex { !isSpace($0) }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
