// Cleans text that came from a server before it goes into an error message: control characters
// (escape sequences, bells, line breaks) removed or flattened, and the length bounded.
import Foundation

/// Server-supplied text made safe for a one-line message.
enum ServerText {
    /// `text` on one line: escape sequences are removed with their payload, newlines and tabs
    /// become spaces, other control characters (C0, DEL, C1) are dropped, and the result is cut
    /// to `limit` characters.
    static func oneLine(_ text: String, limit: Int = 300) -> String {
        var scalars = String.UnicodeScalarView()
        var remaining = text.unicodeScalars.makeIterator()
        while let scalar = remaining.next() {
            if [0x1B, 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F].contains(scalar.value) {
                skipSequence(introducedBy: scalar, in: &remaining)
            } else if scalar == "\n" || scalar == "\t" || scalar == "\r" {
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

    /// Skips the rest of an escape sequence (CSI, OSC, DCS/SOS/PM/APC or a two-character ESC
    /// sequence), so that its payload (a window title, clipboard data) does not show as text.
    private static func skipSequence(introducedBy introducer: Unicode.Scalar,
                                     in remaining: inout String.UnicodeScalarView.Iterator) {
        var kind = introducer.value
        if kind == 0x1B {
            guard let next = remaining.next() else { return }
            switch next {
            case "[": kind = 0x9B
            case "]": kind = 0x9D
            case "P", "X", "^", "_": kind = 0x90
            default:
                guard (0x20 ... 0x2F).contains(next.value) else { return }
                while let byte = remaining.next(), (0x20 ... 0x2F).contains(byte.value) {}
                return
            }
        }
        if kind == 0x9B {
            while let byte = remaining.next(), !(0x40 ... 0x7E).contains(byte.value) {}
            return
        }
        var afterEscape = false
        while let byte = remaining.next() {
            if byte.value == 0x9C || (byte.value == 0x07 && kind == 0x9D) || (afterEscape && byte == "\\") { return }
            afterEscape = byte.value == 0x1B
        }
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
