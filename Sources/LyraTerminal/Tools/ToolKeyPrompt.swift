// The one-key answer to a tool card (SPEC §14): `y` runs the call, `a` runs it and every later call
// of the tool this session, anything else (Enter alone too) refuses it. Read from the terminal in
// raw mode (signals kept, so Ctrl-C still cancels the turn) on a queue of its own.
import Foundation
import LyraKit
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Asks `run it? [y/N/a]` and reads one key.
enum ToolKeyPrompt {
    /// Writes the question, reads one key, echoes the answer, and returns the decision; a cancelled
    /// task (Ctrl-C) or the end of input refuses.
    static func decide(console: Console) async -> ToolDecision {
        console.write(ToolCallCard.question)
        console.flush()
        let stop = StopFlag()
        let byte = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: readKey(stop: stop)) }
            }
        } onCancel: {
            stop.set()
        }
        let decision = decision(for: byte)
        console.write(decision == .deny ? "n\n" : decision == .allow ? "y\n" : "a\n")
        console.flush()
        return decision
    }

    /// The decision a key stands for.
    static func decision(for byte: UInt8?) -> ToolDecision {
        switch byte {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"): .allow
        case UInt8(ascii: "a"), UInt8(ascii: "A"): .allowAlways
        default: .deny
        }
    }

    /// One byte from stdin in raw mode (no echo, no line buffering; signals kept), or nil when
    /// `stop` is set or input ends.
    private static func readKey(stop: StopFlag) -> UInt8? {
        var saved = termios()
        let isTerminal = isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &saved) == 0
        if isTerminal {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
            raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        defer { if isTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &saved) } }
        while !stop.isSet {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return nil }
            guard ready > 0 else { continue }
            var byte: UInt8 = 0
            return read(STDIN_FILENO, &byte, 1) == 1 ? byte : nil
        }
        return nil
    }
}

/// A flag set once from any thread.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    /// Sets it.
    func set() { value.store(true, ordering: .relaxed) }
    /// Whether it is set.
    var isSet: Bool { value.load(ordering: .relaxed) }
}
