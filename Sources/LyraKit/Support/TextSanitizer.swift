// The one sanitiser for untrusted text (servers, files, paths) on its way to the terminal: no escape
// sequences, no controls, no bidi or zero-width controls. One pass over the Unicode scalars (decoded in place from UTF-8) with a small state machine: fast on megabytes.

/// Strips everything from untrusted text that could move the cursor, retitle the terminal,
/// write the clipboard or reorder what the user sees; keeps `\n` and `\t`.
public enum TextSanitizer {
    /// Where the scanner is: in plain text or inside a sequence being removed.
    enum State {
        /// Plain text.
        case text
        /// After ESC, before the sequence's kind is known.
        case escape
        /// After ESC and one or more intermediate bytes (0x20–0x2F), waiting for a final byte.
        case escapeIntermediate
        /// Inside a CSI sequence, waiting for a final byte (0x40–0x7E).
        case controlSequence
        /// Inside an OSC string, ended by BEL or ST.
        case operatingSystemCommand
        /// Inside a DCS, SOS, PM or APC string, ended by ST.
        case controlString
        /// After ESC inside a string sequence: `\` ends the string, anything else starts a new escape.
        case stringEscape
    }

    /// Returns `text` without escape sequences (CSI, OSC, DCS/SOS/PM/APC, two-character ESC),
    /// C0 controls other than `\n` and `\t` (`\r\n` becomes `\n`, a lone `\r` is dropped), DEL,
    /// C1 controls U+0080–U+009F with their payloads, bidi marks, overrides and isolates
    /// (U+200E/F, U+061C, U+202A–E, U+2066–9), zero-width U+200B and U+FEFF, and the Unicode
    /// line and paragraph separators U+2028/9 (dropped: a terminal does not break lines on them).
    /// An unterminated sequence at the end of the text is dropped like a terminal would swallow it.
    public static func sanitize(_ text: String) -> String {
        if isPlainPrintable(text) { return text }
        var contiguous = text
        return contiguous.withUTF8(sanitize(utf8:))
    }

    /// Whether the text is printable ASCII, `\n` and `\t` only (nothing to remove).
    private static func isPlainPrintable(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09
        }
    }

    /// Runs the state machine over each scalar of valid UTF-8, copying the bytes of kept scalars.
    private static func sanitize(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var state = State.text
        var index = 0
        while index < bytes.count {
            let (value, length) = decodeScalar(bytes, at: index)
            let (next, keep) = step(state, value)
            if keep {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
            }
            state = next
            index += length
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The scalar starting at `index` and its length in bytes (the input is valid UTF-8).
    static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard length > 1, index + length <= bytes.count else { return (lead, 1) }
        var value = lead & (0x7F >> UInt32(length))
        for offset in 1..<length {
            value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F)
        }
        return (value, length)
    }

    /// Advances the state machine by one scalar; `keep` says whether the scalar is output.
    static func step(_ state: State, _ value: UInt32) -> (next: State, keep: Bool) {
        switch state {
        case .text:
            return textStep(value)
        case .escape:
            return escapeStep(value)
        case .escapeIntermediate:
            if (0x20...0x2F).contains(value) { return (.escapeIntermediate, false) }
            if (0x30...0x7E).contains(value) { return (.text, false) }
            return textStep(value)
        case .controlSequence:
            if (0x20...0x3F).contains(value) { return (.controlSequence, false) }
            if (0x40...0x7E).contains(value) { return (.text, false) }
            return textStep(value)
        case .operatingSystemCommand:
            if value == 0x07 || value == 0x9C { return (.text, false) }
            return (value == 0x1B ? .stringEscape : .operatingSystemCommand, false)
        case .controlString:
            if value == 0x9C { return (.text, false) }
            return (value == 0x1B ? .stringEscape : .controlString, false)
        case .stringEscape:
            if value == 0x5C { return (.text, false) }  // ESC \ is ST
            return escapeStep(value)
        }
    }

    /// Plain text: keep printable scalars, `\n` and `\t`; open sequences on ESC and C1 introducers.
    private static func textStep(_ value: UInt32) -> (next: State, keep: Bool) {
        if value >= 0x20 && value < 0x7F { return (.text, true) }
        switch value {
        case 0x0A, 0x09: return (.text, true)
        case 0x1B: return (.escape, false)
        case 0x9B: return (.controlSequence, false)
        case 0x9D: return (.operatingSystemCommand, false)
        case 0x90, 0x98, 0x9E, 0x9F: return (.controlString, false)
        case 0x00...0x1F, 0x7F...0x9F: return (.text, false)  // other C0, DEL and C1 are dropped
        default: return (.text, !isInvisibleFormatControl(value))
        }
    }

    /// Bidi marks, embeddings, overrides and isolates, zero-width space, BOM, line/paragraph separators.
    static func isInvisibleFormatControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// The scalar after ESC decides the sequence: `[` CSI, `]` OSC, `P` `X` `^` `_` strings,
    /// intermediates for nF sequences, any other printable ASCII ends a two-character sequence.
    private static func escapeStep(_ value: UInt32) -> (next: State, keep: Bool) {
        switch value {
        case 0x5B: (.controlSequence, false)
        case 0x5D: (.operatingSystemCommand, false)
        case 0x50, 0x58, 0x5E, 0x5F: (.controlString, false)
        case 0x20...0x2F: (.escapeIntermediate, false)
        case 0x30...0x7E: (.text, false)
        default: textStep(value)  // a bare ESC: drop it, judge this scalar as text
        }
    }
}
