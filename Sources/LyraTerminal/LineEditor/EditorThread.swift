// One dedicated thread for every libedit call: libedit blocks and is not thread-safe, so it must
// never run on Swift's cooperative pool. Async callers enqueue work and await its result. It is
// the only thread that takes SIGINT, so Ctrl-C interrupts libedit's read.
import CLineEdit
import Foundation
import Synchronization

/// A serial worker on its own `Thread`; `run` hands a closure to it and awaits the result.
final class EditorThread: Sendable {
    private let pending = Mutex<[@Sendable () -> Void]>([])
    private let signal = DispatchSemaphore(value: 0)

    init() {
        // The thread serves the whole process, so it keeps `self` alive for good.
        let thread = Thread { [self] in
            cle_block_interrupts(0)
            while true {
                signal.wait()
                let job = pending.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                job?()
            }
        }
        thread.name = "lyra.line-editor"
        thread.start()
    }

    /// Runs `body` on the editor thread and returns its result.
    func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            pending.withLock { $0.append { continuation.resume(returning: body()) } }
            signal.signal()
        }
    }
}
