// Turns a server-supplied id into a safe file-name component (display text goes through
// TextSanitizer.singleLine instead).
import Foundation

/// Server-supplied ids made safe for file names.
enum ServerText {
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
