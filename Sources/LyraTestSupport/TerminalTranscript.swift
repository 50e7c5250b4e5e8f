// TerminalTranscript: the bytes a pseudo-terminal's program has written, collected by a reader
// thread into Mutex-protected state that the session and its waits read.
import Foundation
import Synchronization

/// Shared between a `PseudoTerminalSession` and its reader thread.
final class TerminalTranscript: Sendable {
    /// How the child ended, once reaped.
    struct Exit: Sendable {
        /// Exit code, or `128 + signal`.
        var status: Int32
        /// The signal that killed it, if any.
        var signal: Int32?
    }

    struct State {
        var bytes: [UInt8] = []
        var mark = 0
        var readerFinished = false
        /// The session was deinitialised; whoever finishes last closes the descriptor.
        var ownerGone = false
        var exit: Exit?
    }

    let state = Mutex(State())

    /// Starts the thread that reads `fd` until end of file, EIO (the child and everything it
    /// started closed the terminal) or the owner goes away.
    func startReading(_ fd: Int32) {
        let thread = Thread { [self] in
            readUntilClosed(fd)
            let ownerGone = state.withLock { state in
                state.readerFinished = true
                return state.ownerGone
            }
            if ownerGone { close(fd) }
        }
        thread.start()
    }

    private func readUntilClosed(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while !state.withLock({ $0.ownerGone }) {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 50)
            if ready < 0 && errno != EINTR { return }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                state.withLock { $0.bytes.append(contentsOf: buffer[0..<count]) }
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                return
            }
        }
    }

    /// Text since the mark, and whether more can still arrive.
    func window() -> (text: String, finished: Bool) {
        state.withLock { state in
            (String(decoding: state.bytes[state.mark...], as: UTF8.self), state.readerFinished)
        }
    }

    /// Everything written so far.
    func all() -> String {
        state.withLock { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// Starts a new search window at the current end of the output.
    func setMark() {
        state.withLock { $0.mark = $0.bytes.count }
    }

    /// Called by the session's deinit. Returns true when the caller must close `fd` itself
    /// (the reader has already finished); otherwise the reader closes it when it stops.
    func ownerWillGo() -> Bool {
        state.withLock { state in
            state.ownerGone = true
            return state.readerFinished
        }
    }
}
