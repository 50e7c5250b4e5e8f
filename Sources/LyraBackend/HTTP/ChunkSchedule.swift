// A chunked response body written on a schedule (a fault for transport tests): each chunk after
// a pause, the send time of each reported, then optionally the connection held open (a stall).

#if canImport(Glibc)
import Glibc
#endif

/// The chunks of a slow (or stalled) chunked response and how to pace them.
struct ChunkSchedule: Sendable, Equatable {
    let chunks: [[UInt8]]
    let intervalMilliseconds: Int
    /// After the last chunk, keep the connection open without ending the body.
    let stall: Bool
    /// Called with each chunk's index and its monotonic send time in nanoseconds.
    let sent: @Sendable (Int, UInt64) -> Void

    /// Writes the chunks (and the final empty chunk unless stalling) to `fd`; false when the peer left.
    func write(to fd: Int32) -> Bool {
        for (index, chunk) in chunks.enumerated() {
            if index > 0, intervalMilliseconds > 0 { usleep(useconds_t(intervalMilliseconds * 1000)) }
            let framed = Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Array("\r\n".utf8)
            sent(index, Self.monotonicNanoseconds())
            guard SocketIO.sendAll(fd, framed) else { return false }
        }
        guard !stall else {
            // Hold the body open until the client gives up (recv returns 0 or times out).
            var sink: [UInt8] = []
            while SocketIO.receive(fd, into: &sink) > 0 { sink.removeAll() }
            return false
        }
        return SocketIO.sendAll(fd, Array("0\r\n\r\n".utf8))
    }

    /// CLOCK_MONOTONIC in nanoseconds (comparable across threads of this machine).
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    static func == (lhs: ChunkSchedule, rhs: ChunkSchedule) -> Bool {
        lhs.chunks == rhs.chunks && lhs.intervalMilliseconds == rhs.intervalMilliseconds && lhs.stall == rhs.stall
    }
}
