// TextSanitizer for text that arrives in pieces (a streamed reply): the scanner's state carries
// over from one piece to the next, so an escape sequence split across pieces is still removed.

/// Sanitises a stream of text pieces exactly as `TextSanitizer` sanitises their concatenation.
public struct StreamingTextSanitizer: Sendable {
    private var state = TextSanitizer.State.text

    /// A sanitiser in plain-text state.
    public init() {}

    /// The printable part of `piece`, given everything fed before it.
    public mutating func sanitize(_ piece: String) -> String {
        var contiguous = piece
        return contiguous.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                let (value, length) = TextSanitizer.decodeScalar(bytes, at: index)
                let (next, keep) = TextSanitizer.step(state, value)
                if keep { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)])) }
                state = next
                index += length
            }
            return String(decoding: output, as: UTF8.self)
        }
    }
}
