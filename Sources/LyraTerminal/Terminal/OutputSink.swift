// Where the Console's bytes go: a file descriptor in the program, a capture in tests.
// The seam between Console's buffering policy and the write(2) system call.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A destination for bytes written by ``Console``; each call must write all of `bytes` or give up silently.
public protocol OutputSink: Sendable {
    /// Writes every byte of `bytes`, in order.
    func write(_ bytes: UnsafeRawBufferPointer)
}

/// Writes to a file descriptor with write(2), retrying on `EINTR`, partial writes and `EAGAIN`;
/// on `EPIPE` or another error the rest is dropped (the app ignores `SIGPIPE`); `EPIPE` is
/// remembered in ``readerClosed`` and reported to ``onBrokenPipe(_:_:)``, so a script stops the
/// running line instead of working for nobody.
public struct FileDescriptorSink: OutputSink {
    /// The descriptor written to; not closed by the sink.
    public let fd: Int32

    private static let closedDescriptors = Mutex<Set<Int32>>([])
    private static let brokenPipeHandlers = Mutex<[Int32: @Sendable () -> Void]>([:])

    /// Whether `fd`'s reader is gone (e.g. `| head -1` has exited): a write to it failed with
    /// `EPIPE`, or poll(2) reports an error on the pipe before anything is written.
    public static func readerClosed(_ fd: Int32) -> Bool {
        if sawBrokenPipe(fd) { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, 0) == 1 else { return false }
        return descriptor.revents & Int16(POLLERR) != 0
    }

    /// Whether a write to `fd` failed with `EPIPE`: output was lost because its reader had gone.
    public static func sawBrokenPipe(_ fd: Int32) -> Bool {
        closedDescriptors.withLock { $0.contains(fd) }
    }

    /// Calls `handler` once, the first time a write to `fd` fails with `EPIPE` (SPEC §10: a closed
    /// stdout ends the running transfer at once). It runs on the writing thread, possibly under the
    /// console's lock: it must not write, only start the cancellation (cancel a task, hop elsewhere).
    public static func onBrokenPipe(_ fd: Int32, _ handler: @escaping @Sendable () -> Void) {
        brokenPipeHandlers.withLock { $0[fd] = handler }
    }

    /// Creates a sink for an open file descriptor.
    public init(fd: Int32) { self.fd = fd }

    /// Writes all of `bytes`, looping over partial writes.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(fd, base, remaining)
            if written > 0 {
                base += written
                remaining -= written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                waitUntilWritable()
            } else {
                if written < 0 && errno == EPIPE { Self.recordBrokenPipe(fd) }
                return  // EPIPE, EBADF, a full disk: nothing sensible left to do with the output
            }
        }
    }

    /// Remembers that `fd`'s reader is gone and, the first time, calls its handler.
    private static func recordBrokenPipe(_ fd: Int32) {
        guard closedDescriptors.withLock({ $0.insert(fd).inserted }) else { return }
        brokenPipeHandlers.withLock { $0[fd] }?()
    }

    /// Blocks until a non-blocking descriptor can take more bytes.
    private func waitUntilWritable() {
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptor, 1, -1)
    }
}

/// The C library's write(2), named apart from `OutputSink.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}

/// Collects everything written, for tests of code that prints through a ``Console``.
public final class CapturedOutput: OutputSink {
    private let storage = Mutex<[UInt8]>([])

    /// Creates an empty capture.
    public init() {}

    /// Appends `bytes` to the capture.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        storage.withLock { $0.append(contentsOf: bytes) }
    }

    /// The bytes written so far.
    public var bytes: [UInt8] { storage.withLock { $0 } }

    /// The bytes written so far, decoded as UTF-8 (invalid sequences repaired).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The number of bytes written so far.
    public var count: Int { storage.withLock { $0.count } }

    /// Forgets everything captured so far.
    public func clear() { storage.withLock { $0.removeAll() } }
}
