// Reads a script's lines on a thread of its own and hands them over one at a time on request (like
// the line editor), so the main actor never blocks in read(2) and Ctrl-C can reach it between lines.
import Foundation
import Synchronization

/// Hands the lines of a `ScriptSource` to one async caller at a time, reading off the main actor
/// and off the cooperative pool. The thread ends at the end of input.
final class ScriptLineReader: Sendable {
    private struct State {
        var waiting: CheckedContinuation<String?, Never>?
        var ended = false
    }

    private let state = Mutex(State())
    private let requests = DispatchSemaphore(value: 0)

    /// Starts the reading thread; it reads a line only when one is asked for.
    init(source: ScriptSource) {
        let thread = Thread { [self] in
            var source = source
            while true {
                requests.wait()
                let line = source.nextLine()
                let waiting = state.withLock { state in
                    if line == nil { state.ended = true }
                    defer { state.waiting = nil }
                    return state.waiting
                }
                waiting?.resume(returning: line)
                if line == nil { return }
            }
        }
        thread.name = "lyra.script-input"
        thread.start()
    }

    /// The next line without its newline, or `nil` at the end of input. One call at a time.
    func nextLine() async -> String? {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state in
                if !state.ended { state.waiting = continuation }
                return state.ended
            }
            if ended { continuation.resume(returning: nil) } else { requests.signal() }
        }
    }
}
