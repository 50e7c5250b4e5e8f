// Some servers answer a request that ends with the start of the assistant's reply (`/continue`,
// SPEC §15) by sending that start again before what follows: llama.cpp's server does (seen with
// the peer kit's C++ server). The echo is held back while the reply still matches it and dropped
// once whole, so only the continuation is shown and appended.
import Synchronization

/// Drops an echo of `prefix` at the start of a streamed continuation.
final class ContinuationEcho: Sendable {
    private let prefix: String
    /// What was held back (while it matched the prefix), and whether the decision is made.
    private let state = Mutex<(held: String, decided: Bool)>(("", false))

    /// A filter for a continuation of a reply that so far is `prefix`.
    init(prefix: String) { self.prefix = prefix }

    /// The part of `piece` to show now.
    func filter(_ piece: String) -> String {
        state.withLock { state in
            if state.decided { return piece }
            state.held += piece
            if state.held.hasPrefix(prefix) {
                state.decided = true
                return String(state.held.dropFirst(prefix.count))
            }
            if prefix.hasPrefix(state.held) { return "" }
            state.decided = true
            return state.held
        }
    }

    /// What is still held back when the reply ends (a reply shorter than the prefix that matched it so far).
    func finish() -> String {
        state.withLock { state in
            defer { state = ("", true) }
            return state.decided ? "" : state.held
        }
    }

    /// `text` (the whole continuation received) without the echo.
    func strip(_ text: String) -> String {
        text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
}
