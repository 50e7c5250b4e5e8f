// StdinWriter: writes to a child's stdin pipe without letting SIGPIPE kill the test process when
// the child exits without reading (the write then just fails with EPIPE).
import Foundation

/// Writes bytes to a pipe with SIGPIPE blocked on the writing thread.
enum StdinWriter {
    /// Writes `data` to `fd` on a thread of its own, then closes `fd`.
    static func write(_ data: Data, to fd: Int32) {
        let thread = Thread {
            writeAll(Array(data), to: fd)
            close(fd)
        }
        thread.start()
    }

    /// Writes all of `bytes` to `fd` (blocking), or stops at the first error such as EPIPE.
    /// SIGPIPE is blocked meanwhile, and one raised by this write is consumed before unblocking.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
    }
}
