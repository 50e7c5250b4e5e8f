// The one JSON string escaper of Lyra: session files, `--json` outputs and transcripts all write
// strings through it, so they escape the same characters the same way.

/// Appends JSON text pieces to byte buffers.
public enum JSONText {
    /// Appends `level` levels of two-space indentation.
    public static func appendIndent(_ level: Int, to output: inout [UInt8]) {
        for _ in 0..<(level * 2) { output.append(UInt8(ascii: " ")) }
    }

    /// Appends `text` as a JSON string: quotes, backslashes, control characters, DEL and U+2028/9
    /// escaped; runs of bytes that need no escape are copied in one go.
    public static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let separator = byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || separator else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                if separator {
                    output.append(contentsOf: (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 3
                } else {
                    appendEscape(byte, to: &output)
                    index += 1
                }
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case 0x22: output.append(contentsOf: "\\\"".utf8)
        case 0x5C: output.append(contentsOf: "\\\\".utf8)
        case 0x0A: output.append(contentsOf: "\\n".utf8)
        case 0x0D: output.append(contentsOf: "\\r".utf8)
        case 0x09: output.append(contentsOf: "\\t".utf8)
        default:
            let hex = String(byte, radix: 16)
            output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        }
    }
}
