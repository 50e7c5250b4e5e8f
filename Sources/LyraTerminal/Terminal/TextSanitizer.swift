// Makes untrusted (server) text safe to print: no escape sequences, no controls, no bidi overrides.
// One pass over the Unicode scalars with a small state machine, so multi-megabyte replies stay fast.

/// Strips everything from untrusted text that could move the cursor, retitle the terminal,
/// write the clipboard or reorder what the user sees; keeps `\n` and `\t`.
public enum TextSanitizer {
    /// Where the scanner is: in plain text or inside a sequence being removed.
    private enum State {
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
    /// C1 controls U+0080–U+009F with their payloads, and bidi overrides and isolates.
    /// An unterminated sequence at the end of the text is dropped like a terminal would swallow it.
    public static func sanitize(_ text: String) -> String {
        if isPlainPrintable(text) { return text }
        var output = String.UnicodeScalarView()
        output.reserveCapacity(text.utf8.count)
        var state = State.text
        for scalar in text.unicodeScalars {
            state = step(state, scalar, into: &output)
        }
        return String(output)
    }

    /// Whether the text is printable ASCII, `\n` and `\t` only (nothing to remove).
    private static func isPlainPrintable(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09
        }
    }

    /// Advances the state machine by one scalar, appending it to `output` when it is kept.
    private static func step(
        _ state: State, _ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView
    ) -> State {
        let value = scalar.value
        switch state {
        case .text:
            return textStep(scalar, into: &output)
        case .escape:
            return escapeStep(scalar, into: &output)
        case .escapeIntermediate:
            if (0x20...0x2F).contains(value) { return .escapeIntermediate }
            if (0x30...0x7E).contains(value) { return .text }
            return textStep(scalar, into: &output)
        case .controlSequence:
            if (0x20...0x3F).contains(value) { return .controlSequence }
            if (0x40...0x7E).contains(value) { return .text }
            return textStep(scalar, into: &output)
        case .operatingSystemCommand:
            if value == 0x07 || value == 0x9C { return .text }
            return value == 0x1B ? .stringEscape : .operatingSystemCommand
        case .controlString:
            if value == 0x9C { return .text }
            return value == 0x1B ? .stringEscape : .controlString
        case .stringEscape:
            if value == 0x5C { return .text }  // ESC \ is ST
            return escapeStep(scalar, into: &output)
        }
    }

    /// Plain text: keep printable scalars, `\n` and `\t`; open sequences on ESC and C1 introducers.
    private static func textStep(_ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView) -> State {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F {
            output.append(scalar)
            return .text
        }
        switch value {
        case 0x0A, 0x09:
            output.append(scalar)
        case 0x1B:
            return .escape
        case 0x9B:
            return .controlSequence
        case 0x9D:
            return .operatingSystemCommand
        case 0x90, 0x98, 0x9E, 0x9F:
            return .controlString
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
            break  // other C0, DEL, C1 and bidi controls are dropped
        default:
            output.append(scalar)
        }
        return .text
    }

    /// The scalar after ESC decides the sequence: `[` CSI, `]` OSC, `P` `X` `^` `_` strings,
    /// intermediates for nF sequences, any other printable ASCII ends a two-character sequence.
    private static func escapeStep(_ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView) -> State {
        switch scalar.value {
        case 0x5B: return .controlSequence
        case 0x5D: return .operatingSystemCommand
        case 0x50, 0x58, 0x5E, 0x5F: return .controlString
        case 0x20...0x2F: return .escapeIntermediate
        case 0x30...0x7E: return .text
        default: return textStep(scalar, into: &output)  // a bare ESC: drop it, judge this scalar as text
        }
    }
}
