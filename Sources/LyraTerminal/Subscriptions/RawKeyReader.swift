// Reads single keys from a terminal's stdin outside libedit, for the paywall picker: termios raw
// mode (no echo, no line buffering, signals kept) on a dedicated thread, restored on every path.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A key the picker understands.
enum PickerKey: Equatable, Sendable {
    case up, down, enter, close, other
}

/// Puts stdin in raw mode and delivers keys as an `AsyncStream` until `stop()`.
/// `@unchecked Sendable`: the C termios state and the wake pipe are written once in `start()`
/// (before the thread exists) and only read afterwards; `stop()` is idempotent under the lock.
final class RawKeyReader: @unchecked Sendable {
    private var saved = termios()
    private var wake: [Int32] = [-1, -1]
    private let lock = NSLock()
    private var running = false
    private let finished = DispatchSemaphore(value: 0)

    /// Enters raw mode and starts reading; nil when stdin is not a terminal or the mode cannot be set.
    func start() -> AsyncStream<PickerKey>? {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0, pipe(&wake) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        running = true
        let (stream, continuation) = AsyncStream.makeStream(of: PickerKey.self)
        let wakeDescriptor = wake[0]
        let thread = Thread { [finished] in
            var decoder = PickerKeyDecoder()
            while let byte = Self.nextByte(wakeDescriptor: wakeDescriptor, timeout: -1) {
                let follow = { Self.nextByte(wakeDescriptor: wakeDescriptor, timeout: 50) }
                if let key = decoder.key(startingWith: byte, next: follow) { continuation.yield(key) }
            }
            continuation.finish()
            finished.signal()
        }
        thread.name = "lyra.picker-keys"
        thread.start()
        return stream
    }

    /// Stops the thread and puts the terminal back as it was; safe to call more than once.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard running else { return }
        running = false
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        finished.wait()
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        close(wake[0])
        close(wake[1])
    }

    /// The next byte of stdin, or nil when woken, at end of input, or after `timeout` ms (-1: none).
    private static func nextByte(wakeDescriptor: Int32, timeout: Int32) -> UInt8? {
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, descriptors[1].revents == 0, descriptors[0].revents & Int16(POLLIN) != 0 else { return nil }
            var byte: UInt8 = 0
            return read(STDIN_FILENO, &byte, 1) == 1 ? byte : nil
        }
    }
}
