// Chat that cannot start because nothing says where to send it (SPEC §8: exit status 2).
import Foundation

/// No model and no app backend are configured.
public enum ChatSetupError: Error, LocalizedError, Equatable {
    /// Nothing to chat with.
    case noModel

    public var errorDescription: String? {
        "no model configured and no model server found on this machine (Ollama, llama.cpp, LM Studio, vLLM): "
            + "choose one with --model PROVIDER:MODEL (e.g. ollama:llama3.2), LYRA_MODEL, or /settings set model …; "
            + "set OPENAI_BASE_URL for an OpenAI-compatible server or LYRA_BASE_URL for the app backend; or try lyra --demo"
    }
}
