// Ctrl-C delivery: a SIGINT handler (in CLineEdit) sets a flag and writes to a self-pipe; a
// dedicated thread waits on the pipe and tells the main actor, which cancels the running work.
import CLineEdit
import Foundation
import LyraKit
import Synchronization

/// Turns SIGINT into calls of a main-actor handler, outside libedit's own read.
public final class InterruptMonitor: Sendable {
    private let handler = Mutex<(@MainActor @Sendable () -> Void)?>(nil)
    private let immediateHandler = Mutex<(@Sendable () -> Void)?>(nil)

    /// Blocks SIGINT in the calling thread. The executable calls it first thing on the main thread,
    /// so that every thread made later inherits the block.
    public static func blockInterruptsInCurrentThread() {
        cle_block_interrupts(1)
    }

    /// Installs the SIGINT handler and starts the watching thread.
    /// - Parameter receivesSignals: whether the watching thread takes SIGINT itself (scripts);
    ///   in the REPL only the line editor's thread may, so that Ctrl-C interrupts its read.
    public init(receivesSignals: Bool) {
        let descriptor = cle_install_interrupt_handler()
        guard descriptor >= 0 else { return }
        // The monitor lives for the whole process, so its thread may keep it. In scripts this thread
        // is the only one that takes SIGINT.
        Thread { [self] in
            if receivesSignals { cle_block_interrupts(0) }
            var byte: UInt8 = 0
            while true {
                let count = Foundation.read(descriptor, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
                // The line editor consumes interrupts that arrive while it reads a line.
                guard cle_take_interrupt() == 1 else { continue }
                if let immediate = immediateHandler.withLock({ $0 }) {
                    immediate()
                } else if let action = handler.withLock({ $0 }) {
                    Task { @MainActor in action() }
                }
            }
        }.start()
    }

    /// Sets what happens on Ctrl-C, run at once on the monitor's own thread (scripts: the main
    /// actor may be blocked reading the script, so it cannot be asked).
    public func onInterruptImmediately(_ action: @escaping @Sendable () -> Void) {
        immediateHandler.withLock { $0 = action }
    }

    /// Sets what happens on Ctrl-C outside the line editor.
    public func onInterrupt(_ action: @escaping @MainActor @Sendable () -> Void) {
        handler.withLock { $0 = action }
    }
}
