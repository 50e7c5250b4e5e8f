// Errors of OpenAI-compatible providers (SPEC §8): each says what went wrong and what to do,
// naming the provider, the key variable or the model. Descriptions never contain a key.
import Foundation

/// A failed turn or model listing on an `openai`-kind provider.
public enum ProviderError: Error, LocalizedError, Equatable, Sendable {
    /// 401/403: the key is missing or wrong; names the variable that holds it.
    case unauthorized(provider: String, keyVariable: String, message: String?)
    /// 404 on a model, or a model not in the provider's list.
    case unknownModel(provider: String, model: String)
    /// The conversation is longer than the model's context.
    case contextTooLong(message: String)
    /// Another non-2xx answer, with the server's message when it gave one.
    case server(provider: String, statusCode: Int, message: String?)
    /// An `error` event in the middle of a stream.
    case streamError(message: String)
    /// The stream stopped before `[DONE]` (dropped connection, server gave up).
    case streamCutOff(reason: String)
    /// A stream that ended before any event (llama-cpp-python's answer to a prompt longer than the context).
    case emptyStream
    /// A body that is neither a stream nor a chat completion.
    case invalidResponse(String)
    /// No model is chosen for a provider that needs one.
    case noModel(provider: String)
    /// No provider of that name exists.
    case unknownProvider(String)
    /// The provider has no base URL.
    case missingBaseURL(provider: String)
    /// Nothing answered at the provider's address: `label` (`Ollama`), `address` (`127.0.0.1:11434`)
    /// and the setting that holds the address (`OLLAMA_HOST`).
    case couldNotConnect(label: String, address: String, setting: String)
    /// 404 from a base URL without `/v1` while `{baseURL}/v1/models` answers: the URL it should be.
    case baseURLNeedsV1(suggested: String)

    /// A user-facing description.
    public var errorDescription: String? {
        switch self {
        case let .unauthorized(provider, variable, message):
            let detail = message.map { " (\($0))" } ?? ""
            return "\(provider) refused the request\(detail): check the API key in \(variable)"
        case let .unknownModel(provider, model):
            return "unknown model '\(model)' on \(provider)"
        case let .contextTooLong(message):
            return "the conversation is longer than the model's context (\(message))"
        case let .server(provider, statusCode, message):
            guard let message else { return "\(provider) answered with error \(statusCode)" }
            return "\(provider) error \(statusCode): \(message)"
        case let .streamError(message):
            return "the model reported an error: \(message)"
        case let .streamCutOff(reason):
            return "the reply was cut off: \(reason)"
        case .emptyStream:
            return "the server ended the stream without a reply (some servers do this when the conversation is "
                + "longer than the model's context)"
        case let .invalidResponse(reason):
            return "unexpected response from the model server: \(reason)"
        case let .noModel(provider):
            return "no model chosen on \(provider)"
        case let .unknownProvider(name):
            return "unknown provider '\(name)'"
        case let .missingBaseURL(provider):
            return "the provider \(provider) has no base URL: set it in config.json under providers.\(provider).baseURL"
        case let .couldNotConnect(label, address, setting):
            return "could not connect to \(label) at \(address) — is it running? (\(setting))"
        case let .baseURLNeedsV1(suggested):
            return "the server expects /v1 at the end of the base URL: use \(suggested)"
        }
    }

    /// The error for a non-2xx answer with `body` (OpenAI, Ollama, llama.cpp and FastAPI shapes).
    static func forStatus(_ statusCode: Int, body: Data, provider: ProviderDefinition, model: String) -> ProviderError {
        let message = OpenAIErrorBodyDTO.message(from: body).map { String($0.prefix(500)) }
        if let message, Self.isContextLengthMessage(message) { return .contextTooLong(message: message) }
        switch statusCode {
        case 401, 403:
            return .unauthorized(provider: provider.name, keyVariable: provider.apiKeyVariable, message: message)
        case 404 where Self.isModelMessage(message):
            return .unknownModel(provider: provider.name, model: model)
        default:
            return .server(provider: provider.name, statusCode: statusCode, message: message)
        }
    }

    /// Whether a server message is about the context length (OpenAI, vLLM, llama.cpp, Ollama wordings).
    static func isContextLengthMessage(_ message: String) -> Bool {
        let lower = message.lowercased()
        return ["context length", "context_length", "context window", "maximum context", "exceeds the context",
                "too many tokens", "context size"].contains { lower.contains($0) }
    }

    private static func isModelMessage(_ message: String?) -> Bool {
        guard let lower = message?.lowercased() else { return true }
        return lower.contains("model") || lower.contains("not found")
    }
}

extension ProviderError: AdvisingError {
    /// What the user can do: list or choose models, list providers, or shorten the conversation.
    public var advice: RecoveryAdvice? {
        switch self {
        case .unknownModel: return .listModels
        case .contextTooLong, .emptyStream: return .shortenConversation
        case let .noModel(provider): return .chooseModel(provider: provider)
        case .unknownProvider: return .listProviders
        default: return nil
        }
    }
}
