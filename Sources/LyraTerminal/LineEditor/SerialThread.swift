// One dedicated thread for blocking work that must never run on Swift's cooperative pool or the
// main actor: every libedit call (libedit blocks and is not thread-safe; its thread is the only one
// that takes SIGINT, so Ctrl-C interrupts its read) and a script's reads. Callers enqueue and await.
import CLineEdit
import Foundation
import Synchronization

/// A serial worker on its own `Thread`; `run` hands a closure to it and awaits the result.
final class SerialThread: Sendable {
    private let pending = Mutex<[@Sendable () -> Void]>([])
    private let signal = DispatchSemaphore(value: 0)

    /// Starts the thread `name`; `takesInterrupts`: whether SIGINT is unblocked on it (the line editor).
    init(name: String, takesInterrupts: Bool) {
        // The thread serves the whole process, so it keeps `self` alive for good.
        let thread = Thread { [self] in
            if takesInterrupts { cle_block_interrupts(0) }
            while true {
                signal.wait()
                let job = pending.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                job?()
            }
        }
        thread.name = name
        thread.start()
    }

    /// Runs `body` on the thread and returns its result to the caller's executor directly.
    nonisolated(nonsending) func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            pending.withLock { $0.append { continuation.resume(returning: body()) } }
            signal.signal()
        }
    }
}
