// Silent truncation (SPEC §12): a server that cut the conversation to fit its window without an
// error (Ollama's OpenAI endpoint ignores `num_ctx`) still reports the prompt tokens it read. When
// that is under half of what Lyra sent, or exactly a window smaller than what was sent, the
// conversation was cut; the warning names the fix for the kind of server.
import Foundation

/// Detects a silently cut prompt and says what to do about it.
public enum SilentTruncation {
    /// Below this many tokens sent, a low report is noise (templates, estimates), not a cut.
    public static let minimumSentTokens = 100

    /// Whether the server read far fewer prompt tokens (`reported`) than Lyra sent (`sent`, learned
    /// counts and estimates), given the model's `window` when known.
    public static func isTruncated(reported: Int, sent: Int, window: Int?) -> Bool {
        guard sent >= minimumSentTokens, reported > 0 else { return false }
        if reported * 2 < sent { return true }
        if let window, reported == window, window < sent { return true }
        return false
    }

    /// The warning: what the server read, and the fix where the server's kind is known.
    public static func warning(reported: Int, sent: Int, serverKind: ModelServerKind?) -> String {
        let what = "the server read only \(reported) of about \(TokenCount.short(sent)) tokens sent: "
            + "it cut the conversation without saying so"
        switch serverKind {
        case .ollama?:
            return what + "; give Ollama a larger window (OLLAMA_CONTEXT_LENGTH=32768 ollama serve, or the "
                + "model's num_ctx), or make room with /compact"
        case .llamaCpp?:
            return what + "; start llama-server with a larger --ctx-size, or make room with /compact"
        default:
            return what + "; make room with /compact or /new, or set contextTokens to the server's window"
        }
    }
}
