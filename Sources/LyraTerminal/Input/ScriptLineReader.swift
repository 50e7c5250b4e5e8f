// Reads a script's lines on a thread of its own (a WorkerThread, like the line editor's), so the
// main actor never blocks in read(2) and Ctrl-C can reach it while a script waits for input. Lines
// given in memory (`-c`) need no thread, so a one-shot makes none while libcurl loads.
import Foundation
import LyraKit
import Synchronization

/// Hands the lines of a `ScriptSource` to async callers, reading off the main actor and the cooperative pool.
/// Its methods run on the caller's executor: a line already buffered costs no hop at all.
final class ScriptLineReader: Sendable {
    private let source: Mutex<ScriptSource>
    /// The thread reads run on; nil when the lines are in memory.
    private let thread: WorkerThread?

    /// A reader of `source`; nothing is read until a line is asked for.
    init(source: ScriptSource) {
        thread = source.readsDescriptor ? WorkerThread(name: "lyra.script-input") : nil
        self.source = Mutex(source)
    }

    /// The next line without its newline, or `nil` at the end of input.
    nonisolated(nonsending) func nextLine() async -> String? {
        guard let thread else { return source.withLock { $0.nextLine() } }
        return await thread.run { [self] in source.withLock { $0.nextLine() } }
    }

    /// The next line, `.tooLong` for one over the limit (its bytes discarded), or `nil` at the end of input.
    nonisolated(nonsending) func next() async -> ScriptSource.Line? {
        // A line already read (or given in advance) needs no hop to the reading thread and back.
        if let buffered = source.withLockIfAvailable({ $0.nextBuffered() }), let line = buffered { return line }
        guard let thread else { return source.withLock { $0.next() } }
        return await thread.run { [self] in source.withLock { $0.next() } }
    }
}
