// Thin wrappers over the POSIX socket calls the server uses (recv, poll, send, options, close).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocking socket I/O on a file descriptor; never raises SIGPIPE.
enum SocketIO {
    /// Reads up to `chunk` bytes and appends them to `buffer`.
    /// - Returns: the number of bytes read; 0 on end of stream or error (including timeout).
    static func receive(_ fd: Int32, into buffer: inout [UInt8], chunk: Int = 64 * 1024) -> Int {
        var scratch = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, chunk, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return 0 }
            buffer.append(contentsOf: scratch[0..<count])
            return count
        }
    }

    /// Waits until `fd` has bytes to read (or is closed or shut down), but not past `deadline`.
    /// - Returns: false when the deadline passed first.
    static func waitReadable(_ fd: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let (seconds, attoseconds) = remaining.components
            // Rounded up, so that a wait never ends just before the deadline and spins.
            let milliseconds = min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, Int64(Int32.max))
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(milliseconds))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }  // let the recv that follows report it
        }
    }

    /// Writes all of `bytes`.
    /// - Returns: false when the peer went away.
    @discardableResult
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sets TCP_NODELAY so a response is not held back by Nagle's algorithm.
    static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Sets how long a `recv` may block before it fails.
    static func setReceiveTimeout(_ fd: Int32, milliseconds: Int) {
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sets how long a `send` may block without progress before it fails (a client that stops
    /// reading cannot hold a connection's thread for ever).
    static func setSendTimeout(_ fd: Int32, milliseconds: Int) {
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends a short answer and closes at once, without waiting for the peer: used on the accept
    /// thread, which must not block. What the peer already sent is read and dropped first, so that
    /// unread bytes less often turn the close into a reset that destroys the answer.
    static func answerAndClose(_ fd: Int32, _ bytes: [UInt8]) {
        setSendTimeout(fd, milliseconds: 100)
        sendAll(fd, bytes)
        _ = shutdown(fd, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        _ = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        close(fd)
    }

    /// Half-closes for writing, then discards what the peer still sends (up to a bound) so that
    /// the final response is not destroyed by a reset when unread request bytes remain.
    static func lingeringClose(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
        setReceiveTimeout(fd, milliseconds: 300)
        var discarded: [UInt8] = []
        var total = 0
        while total < 4 * 1024 * 1024 {
            discarded.removeAll(keepingCapacity: true)
            let count = receive(fd, into: &discarded)
            guard count > 0 else { break }
            total += count
        }
    }

    /// Wakes any thread blocked on `fd` (accept, recv, send).
    static func wake(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }
}
