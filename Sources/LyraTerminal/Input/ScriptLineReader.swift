// Reads a script's lines on a serial dispatch queue, so the main actor never blocks in read(2) and
// Ctrl-C can reach it while a script waits for input. The queue's thread, like every libdispatch
// thread, blocks SIGINT: the interrupt monitor takes Ctrl-C, never a read.
import Dispatch
import Synchronization

/// Hands the lines of a `ScriptSource` to async callers, reading off the main actor and the cooperative pool.
final class ScriptLineReader: Sendable {
    private let source: Mutex<ScriptSource>
    private let queue = DispatchQueue(label: "lyra.script-input")

    /// A reader of `source`; nothing is read until a line is asked for.
    init(source: ScriptSource) {
        self.source = Mutex(source)
    }

    /// The next line, `.tooLong` for one over the limit (its bytes discarded), or `nil` at the end of input.
    func next() async -> ScriptSource.Line? {
        await withCheckedContinuation { continuation in
            queue.async { [self] in continuation.resume(returning: source.withLock { $0.next() }) }
        }
    }
}
