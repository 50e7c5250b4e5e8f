// Cleans text that came from a server before it goes into an error message: control characters
// (escape sequences, bells, line breaks) removed or flattened, and the length bounded.
import Foundation

/// Server-supplied text made safe for a one-line message.
enum ServerText {
    /// `text` on one line: newlines and tabs become spaces, other control characters
    /// (C0, DEL, C1) are dropped, and the result is cut to `limit` characters.
    static func oneLine(_ text: String, limit: Int = 300) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                scalars.append(" ")
            } else if scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value) {
                continue
            } else {
                scalars.append(scalar)
            }
        }
        let cleaned = String(scalars).trimmingCharacters(in: .whitespaces)
        return cleaned.count > limit ? String(cleaned.prefix(limit)) + "…" : cleaned
    }

    /// An id that is safe inside a file name: only ASCII letters, digits, `-` and `_` are kept,
    /// at most 64 of them; `video` when nothing is left.
    static func fileNameComponent(_ id: String) -> String {
        let kept = id.unicodeScalars.filter { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
        }
        let text = String(String.UnicodeScalarView(kept.prefix(64)))
        return text.isEmpty ? "video" : text
    }
}
