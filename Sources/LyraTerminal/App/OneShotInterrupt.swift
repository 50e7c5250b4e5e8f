// Ctrl-C during a one-shot `lyra PROMPT…` (SPEC §8): the reply is cancelled like a REPL turn, so
// the text received so far is saved as an incomplete reply, then Lyra exits 130. A reply that does
// not stop within 2 seconds, or a second Ctrl-C, ends the process at once.
import Dispatch
import Foundation
import LyraKit
import Synchronization

/// Stops a one-shot reply on Ctrl-C; called on the interrupt monitor's thread.
final class OneShotInterrupt: Sendable {
    private let reply: Task<ExitStatus, Never>
    private let console: Console
    private let stopping = Atomic<Bool>(false)

    /// Watches `reply`; `console` is flushed before a forced exit.
    init(reply: Task<ExitStatus, Never>, console: Console) {
        self.reply = reply
        self.console = console
    }

    /// Whether Ctrl-C was pressed.
    var happened: Bool { stopping.load(ordering: .acquiring) }

    /// Cancels the reply (the chat turn saves what arrived); a second call exits at once.
    func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { exitNow() }
        reply.cancel()
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { [self] in exitNow() }
    }

    private func exitNow() -> Never {
        console.flush()
        ExitCleanup.removeAll()
        ExitStatus.interrupted.exitAtOnce()
    }
}
