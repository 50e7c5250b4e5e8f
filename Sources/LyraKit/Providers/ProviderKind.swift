// The two kinds of chat backend Lyra speaks (SPEC §8): the app backend and OpenAI-compatible servers.
import Foundation

/// The protocol a provider speaks.
public enum ProviderKind: String, Sendable, Equatable, Codable, CaseIterable {
    /// The app backend of SPEC §4 (history server-side, whole replies).
    case app
    /// `POST {baseURL}/chat/completions`, streamed (Ollama, llama.cpp, vLLM, LM Studio, OpenAI, …).
    case openai
}
