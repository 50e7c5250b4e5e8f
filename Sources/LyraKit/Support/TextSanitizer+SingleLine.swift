// The one "single line" rule for untrusted text shown where one line is expected (a diagnostic,
// a list row, a prompt title, a plan line): sanitised, every whitespace run one space, bounded.

extension TextSanitizer {
    /// `text` sanitised (see ``sanitize(_:)``) and put on one line: every run of whitespace
    /// (newlines and tabs included) becomes one space, the ends are trimmed, and with a `limit`
    /// the result is cut to that many characters followed by `…`. A newline in server text can
    /// therefore never start a forged `lyra: line N:` diagnostic or a forged list row.
    public static func singleLine(_ text: String, limit: Int? = nil) -> String {
        if limit == nil, isSingleLineASCII(text) { return text }
        let clean = sanitize(text)
        let joined = clean.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard let limit, joined.count > limit else { return joined }
        return String(joined.prefix(max(0, limit))) + "…"
    }

    /// Whether `text` is printable ASCII (and `…`, which Lyra itself adds to cut text) with single
    /// inner spaces only: already clean and on one line.
    static func isSingleLineASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        var ellipsisLeft = 0   // bytes of `…` (E2 80 A6) still to come
        for byte in text.utf8 {
            if ellipsisLeft > 0 {
                guard byte == (ellipsisLeft == 2 ? 0x80 : 0xA6) else { return false }
                ellipsisLeft -= 1
            } else if byte == 0xE2 {
                ellipsisLeft = 2
            } else {
                guard byte > 0x20 && byte < 0x7F || byte == 0x20 && previous != 0x20 else { return false }
            }
            previous = byte
        }
        return ellipsisLeft == 0 && previous != 0x20
    }
}
