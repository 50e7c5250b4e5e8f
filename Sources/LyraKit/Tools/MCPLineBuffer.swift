// MCP's stdio framing (JSON-RPC 2.0, one message per line): bytes from a server's stdout cut into
// lines, each at most `limit` bytes, so a server that never ends a line cannot fill Lyra's memory.

/// Splits a byte stream into newline-delimited messages.
public struct MCPLineBuffer: Sendable {
    /// The longest line accepted, in bytes (without its newline).
    public let limit: Int
    private var pending: [UInt8] = []
    /// Whether a line went over ``limit``: the stream can no longer be trusted to be framed.
    public private(set) var overflowed = false

    /// A buffer that accepts lines up to `limit` bytes (default 8 MiB).
    public init(limit: Int = 8 << 20) {
        self.limit = limit
    }

    /// The complete lines in `bytes` (added after what came before), without their `\n` (and a
    /// `\r` before it); blank lines are skipped. Nothing more once a line has overflowed.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        guard !overflowed else { return [] }
        var lines: [[UInt8]] = []
        for byte in bytes {
            if byte == 0x0A {
                if pending.last == 0x0D { pending.removeLast() }
                if !pending.isEmpty { lines.append(pending) }
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
                if pending.count > limit {
                    overflowed = true
                    pending = []
                    return lines
                }
            }
        }
        return lines
    }

    /// The bytes of `message` as one line: JSON text never holds a raw newline, and a final `\n` ends it.
    public static func frame(_ message: [UInt8]) -> [UInt8] {
        message + [0x0A]
    }
}
