// PipeCollector: drains a child's stdout and stderr pipes together with poll(2), so a program
// that fills one pipe while the other is unread never deadlocks, and every read has a deadline.
import Foundation

/// Reads two pipes until both reach end of file, or until told to stop, handing each chunk on.
struct PipeCollector {
    /// Why collection ended.
    enum Ending {
        /// Both pipes reached end of file.
        case endOfFile
        /// `shouldStop` returned true first.
        case stopped
    }

    let stdoutFD: Int32
    let stderrFD: Int32
    /// Receives each chunk read and whether it came from stdout.
    let received: (ArraySlice<UInt8>, Bool) -> Void

    /// Reads until both pipes are at end of file, or `shouldStop()` (asked every 20 ms) says so.
    mutating func collect(shouldStop: () -> Bool) -> Ending {
        var open: [Int32] = [stdoutFD, stderrFD]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            if shouldStop() { return .stopped }
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 20)
            if ready < 0 && errno != EINTR { return .stopped }
            guard ready > 0 else { continue }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    received(buffer[0..<count], descriptor.fd == stdoutFD)
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open.removeAll { $0 == descriptor.fd }
                }
            }
        }
        return .endOfFile
    }
}
