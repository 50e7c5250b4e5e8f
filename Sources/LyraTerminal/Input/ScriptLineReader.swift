// Reads a script's lines on a thread of its own (a SerialThread, like the line editor's), so the
// main actor never blocks in read(2) and Ctrl-C can reach it while a script waits for input.
import Foundation
import Synchronization

/// Hands the lines of a `ScriptSource` to async callers, reading off the main actor and the cooperative pool.
/// Its methods run on the caller's executor: a line already buffered costs no hop at all.
final class ScriptLineReader: Sendable {
    private let source: Mutex<ScriptSource>
    private let thread = SerialThread(name: "lyra.script-input", takesInterrupts: false)

    /// A reader of `source`; nothing is read until a line is asked for.
    init(source: ScriptSource) {
        self.source = Mutex(source)
    }

    /// The next line without its newline, or `nil` at the end of input.
    nonisolated(nonsending) func nextLine() async -> String? {
        await thread.run { [self] in source.withLock { $0.nextLine() } }
    }

    /// The next line, `.tooLong` for one over the limit (its bytes discarded), or `nil` at the end of input.
    nonisolated(nonsending) func next() async -> ScriptSource.Line? {
        // A line already read (or given in advance) needs no hop to the reading thread and back.
        if let buffered = source.withLockIfAvailable({ $0.nextBuffered() }), let line = buffered { return line }
        return await thread.run { [self] in source.withLock { $0.next() } }
    }
}
