// Ctrl-C delivery: a SIGINT handler (in CLineEdit) sets a flag and writes to a self-pipe; a
// dedicated thread waits on the pipe and tells the main actor, which cancels the running work.
import CLineEdit
import Foundation
import Synchronization

/// Turns SIGINT into calls of a main-actor handler, outside libedit's own read.
public final class InterruptMonitor: Sendable {
    private let handler = Mutex<(@MainActor @Sendable () -> Void)?>(nil)

    /// Installs the SIGINT handler and starts the watching thread. Call on the main thread before
    /// any other thread starts: it blocks SIGINT there, so threads made later inherit the block.
    /// - Parameter receivesSignals: whether the watching thread takes SIGINT itself (scripts);
    ///   in the REPL only the line editor's thread may, so that Ctrl-C interrupts its read.
    public init(receivesSignals: Bool) {
        cle_block_interrupts(1)
        let descriptor = cle_install_interrupt_handler()
        guard descriptor >= 0 else { return }
        // The monitor lives for the whole process, so the thread may keep it.
        let thread = Thread { [self] in
            if receivesSignals { cle_block_interrupts(0) }
            var byte: UInt8 = 0
            while true {
                let count = Foundation.read(descriptor, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
                // The line editor consumes interrupts that arrive while it reads a line.
                guard cle_take_interrupt() == 1 else { continue }
                if let action = handler.withLock({ $0 }) {
                    Task { @MainActor in action() }
                }
            }
        }
        thread.name = "lyra.interrupts"
        thread.start()
    }

    /// Sets what happens on Ctrl-C outside the line editor.
    public func onInterrupt(_ action: @escaping @MainActor @Sendable () -> Void) {
        handler.withLock { $0 = action }
    }
}
