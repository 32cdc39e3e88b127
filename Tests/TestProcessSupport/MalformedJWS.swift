/// Malformed variants of a real compact JWS, for every place a token enters: the signature cut
/// short, emptied, made of one character or of characters outside base64url, doubled;
/// segments missing or extra; header and payload that are not base64url JSON (issue 32).
public enum MalformedJWS {
    /// The variants of `token` (three segments).
    public static func variants(of token: String) -> [String] {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let (header, payload, signature) = (parts[0], parts[1], parts[2])
        return [
            "\(header).\(payload).\(signature.prefix(signature.count - 10))",
            "\(header).\(payload).\(signature.prefix(signature.count / 2))",
            "\(header).\(payload).",
            "\(header).\(payload).A",
            "\(header).\(payload).AB",
            "\(header).\(payload).!!!!",
            "\(header).\(payload).\(signature)\(signature)",
            "\(header).\(payload)",
            "\(header).\(payload).\(signature).\(signature)",
            "\(header)..\(signature)",
            ".\(payload).\(signature)",
            "\(header).e30.\(signature)",
            "\(header).bm90IGpzb24.\(signature)",
            "\(header).\(payload.prefix(payload.count - 3)).\(signature)",
            "e30.\(payload).\(signature)",
            "..",
            ".",
            "a.b.c",
        ]
    }
}
