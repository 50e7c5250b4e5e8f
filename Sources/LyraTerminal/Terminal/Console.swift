// The only writer to stdout and stderr: buffers stdout, keeps stdout and stderr in order.
// Everything Lyra prints goes through one Console so output from tasks never interleaves mid-line.
import Synchronization

/// The single writer to standard output and standard error.
///
/// Standard output is buffered up to ``bufferLimit`` bytes; standard error is written at once,
/// after flushing standard output, so the two streams stay in the order they were written.
public final class Console: Sendable {
    /// The stdout buffer size that triggers a flush (64 KiB).
    public static let bufferLimit = 64 * 1024

    private let standardOutput: any OutputSink
    private let standardError: any OutputSink
    private let buffer = Mutex<[UInt8]>([])
    /// The width messages to a descriptor (1 or 2) are wrapped to; nil when it is not a terminal.
    private let messageColumns: @Sendable (Int32) -> Int?

    /// Creates a console over two sinks.
    /// - Parameter messageWidth: the columns messages written to descriptor 1 or 2 are wrapped to
    ///   (``writeMessage(_:theme:leadStyle:bodyStyle:)``), read at each message; nil: not wrapped.
    public init(standardOutput: any OutputSink, standardError: any OutputSink,
                messageWidth: @escaping @Sendable (Int32) -> Int? = { _ in nil }) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.messageColumns = messageWidth
    }

    /// Writes out what is still buffered when the console goes away.
    deinit {
        flush()
    }

    /// The console of the process: file descriptors 1 and 2; messages to either are wrapped to
    /// `terminal`'s width while that stream is a terminal.
    public static func standard(terminal: Terminal? = nil) -> Console {
        Console(standardOutput: FileDescriptorSink(fd: 1), standardError: FileDescriptorSink(fd: 2),
                messageWidth: { fd in
                    guard let terminal, fd == 1 ? terminal.stdoutIsTTY : terminal.stderrIsTTY else { return nil }
                    return terminal.width
                })
    }

    /// The columns a message to descriptor `fd` (1 or 2) is wrapped to now; nil when not wrapped.
    public func messageWidth(for fd: Int32) -> Int? {
        messageColumns(fd)
    }

    /// Appends `text` to standard output's buffer, flushing when it reaches ``bufferLimit``.
    public func write(_ text: String) {
        buffer.withLock { pending in
            pending.append(contentsOf: text.utf8)
            if pending.count >= Console.bufferLimit {
                drain(&pending)
            }
        }
    }

    /// Appends `bytes` to standard output's buffer; a block of ``bufferLimit`` or more is written
    /// at once after what is buffered (one write for a large document, no copy).
    public func write(bytes: [UInt8]) {
        buffer.withLock { pending in
            guard pending.count + bytes.count >= Console.bufferLimit else {
                pending.append(contentsOf: bytes)
                return
            }
            drain(&pending)
            bytes.withUnsafeBytes { standardOutput.write($0) }
        }
    }

    /// Writes `text` and a newline to standard output (buffered).
    public func writeLine(_ text: String) {
        write(text + "\n")
    }

    /// Flushes standard output, then writes `text` to standard error unbuffered.
    public func writeError(_ text: String) {
        buffer.withLock { pending in
            drain(&pending)
            Array(text.utf8).withUnsafeBytes { standardError.write($0) }
        }
    }

    /// Writes `text` and a newline to standard error, after flushing standard output.
    public func writeErrorLine(_ text: String) {
        writeError(text + "\n")
    }

    /// Writes out whatever standard output holds.
    public func flush() {
        buffer.withLock { drain(&$0) }
    }

    /// Sends the buffered bytes to standard output and empties the buffer; called under the lock.
    private func drain(_ pending: inout [UInt8]) {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes { standardOutput.write($0) }
        pending.removeAll(keepingCapacity: true)
    }
}
