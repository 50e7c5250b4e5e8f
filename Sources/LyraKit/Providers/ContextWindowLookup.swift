// How Lyra learns a model's context window (SPEC §12). It asks the provider's root (the base URL
// without a trailing `/v1`) `GET /api/ps`, then `GET /props`, once a run: the first that answers
// says what kind of server it is (Ollama: the loaded model's `context_length`, else `POST /api/show`;
// llama.cpp: `n_ctx`); any other server may list `context_length` on its `/models` entries. Windows
// are cached for the run, so a turn never waits: it uses what an earlier lookup found, while the
// lookup for the first turn runs beside its request.
import Foundation

/// The kind of model server behind a provider, as far as its window routes tell.
public enum ModelServerKind: String, Sendable, Equatable {
    case ollama
    case llamaCpp = "llama.cpp"
    /// Neither answered (OpenAI, OpenRouter, vLLM, LM Studio, …).
    case other
}

/// A model's context window and where Lyra learned it.
public struct ContextWindow: Sendable, Equatable {
    /// Where the number came from.
    public enum Source: String, Sendable, Equatable {
        case ollamaRunning = "/api/ps", ollamaShow = "/api/show", llamaCppProps = "/props"
        case modelList = "/models", configuration = "config"
    }

    /// The window in tokens.
    public var tokens: Int
    /// Where it came from.
    public var source: Source
    /// What kind of server answered (`.other` for a configured window on an unknown server).
    public var serverKind: ModelServerKind

    /// Creates a window.
    public init(tokens: Int, source: Source, serverKind: ModelServerKind) {
        self.tokens = tokens
        self.source = source
        self.serverKind = serverKind
    }
}

/// Finds and caches context windows for one run.
public actor ContextWindowLookup {
    private let transport: any HTTPTransport
    /// Server kinds by root URL, found once a run.
    private var kinds: [String: Task<ModelServerKind, Never>] = [:]
    /// Windows by root URL and model (nil when the server does not say).
    private var windows: [String: Task<ContextWindow?, Never>] = [:]
    /// Results already in, readable without waiting.
    private var known: [String: ContextWindow?] = [:]

    /// A lookup over `transport` (the shared libcurl transport by default).
    public init(transport: any HTTPTransport = CurlTransport.shared) {
        self.transport = transport
    }

    /// The window of `model` at `provider`: what the server says, else `configured`. Asks the server
    /// once a run (concurrent callers share the one lookup).
    /// - Parameters:
    ///   - provider: an OpenAI-compatible provider (others have no window to learn).
    ///   - model: the model id on the server's side.
    ///   - configured: the window from config (`models.M.contextWindow`, `providers.P.contextWindow`).
    public func window(provider: ProviderDefinition, model: String, configured: Int?) async -> ContextWindow? {
        guard provider.kind == .openai, let base = provider.baseURL else {
            return configured.map { ContextWindow(tokens: $0, source: .configuration, serverKind: .other) }
        }
        let key = base.absoluteString + "\n" + model
        let task: Task<ContextWindow?, Never>
        if let running = windows[key] {
            task = running
        } else {
            let kind = serverKind(provider: provider, base: base)
            task = Task { [transport] in
                await Self.lookUp(model: model, provider: provider, base: base, kind: await kind.value,
                                  transport: transport)
            }
            windows[key] = task
        }
        let found = await task.value
        known[key] = .some(found)
        if let found { return found }
        let kind = await serverKind(provider: provider, base: base).value
        return configured.map { ContextWindow(tokens: $0, source: .configuration, serverKind: kind) }
    }

    /// What an earlier `window` call found for `model` at `provider`, without waiting: `.some(nil)`
    /// when the server said nothing, nil when no lookup has finished.
    public func cachedWindow(provider: ProviderDefinition, model: String) -> ContextWindow?? {
        guard let base = provider.baseURL else { return nil }
        return known[base.absoluteString + "\n" + model]
    }

    /// The root URL of a base URL: without a trailing `/v1` (and slashes).
    public static func root(of base: URL) -> String {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix("/v1") { text.removeLast(3) }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    // MARK: - Lookups

    private func serverKind(provider: ProviderDefinition, base: URL) -> Task<ModelServerKind, Never> {
        let root = Self.root(of: base)
        if let task = kinds[root] { return task }
        let task = Task { [transport] in await Self.probeKind(root: root, provider: provider, transport: transport) }
        kinds[root] = task
        return task
    }

    /// `GET /api/ps` answering a JSON object with `models` means Ollama; `GET /props` with
    /// `default_generation_settings` means llama.cpp.
    private static func probeKind(root: String, provider: ProviderDefinition,
                                  transport: any HTTPTransport) async -> ModelServerKind {
        if let body = await get(root + "/api/ps", provider: provider, transport: transport),
           (try? JSONDecoder().decode(OllamaRunningModelsDTO.self, from: body)) != nil {
            return .ollama
        }
        if let body = await get(root + "/props", provider: provider, transport: transport),
           (try? JSONDecoder().decode(LlamaCppPropsDTO.self, from: body))?.defaultGenerationSettings != nil {
            return .llamaCpp
        }
        return .other
    }

    private static func lookUp(model: String, provider: ProviderDefinition, base: URL, kind: ModelServerKind,
                               transport: any HTTPTransport) async -> ContextWindow? {
        let root = root(of: base)
        switch kind {
        case .ollama:
            if let body = await get(root + "/api/ps", provider: provider, transport: transport),
               let tokens = (try? JSONDecoder().decode(OllamaRunningModelsDTO.self, from: body))?.window(of: model),
               tokens > 0 {
                return ContextWindow(tokens: tokens, source: .ollamaRunning, serverKind: .ollama)
            }
            let request = try? JSONSerialization.data(withJSONObject: ["model": model])
            if let body = await send(root + "/api/show", method: .post, body: request, provider: provider,
                                     transport: transport),
               let tokens = (try? JSONDecoder().decode(OllamaShowDTO.self, from: body))?.window, tokens > 0 {
                return ContextWindow(tokens: tokens, source: .ollamaShow, serverKind: .ollama)
            }
            return nil
        case .llamaCpp:
            guard let body = await get(root + "/props", provider: provider, transport: transport),
                  let tokens = (try? JSONDecoder().decode(LlamaCppPropsDTO.self, from: body))?
                    .defaultGenerationSettings?.nCtx, tokens > 0 else { return nil }
            return ContextWindow(tokens: tokens, source: .llamaCppProps, serverKind: .llamaCpp)
        case .other:
            var text = base.absoluteString
            while text.hasSuffix("/") { text.removeLast() }
            guard let body = await get(text + "/models", provider: provider, transport: transport),
                  let entry = (try? JSONDecoder().decode(ModelDetailsListDTO.self, from: body))?
                    .data.first(where: { $0.id == model }),
                  let tokens = entry.contextLength, tokens > 0 else { return nil }
            return ContextWindow(tokens: tokens, source: .modelList, serverKind: .other)
        }
    }

    private static func get(_ url: String, provider: ProviderDefinition, transport: any HTTPTransport) async -> Data? {
        await send(url, method: .get, body: nil, provider: provider, transport: transport)
    }

    /// The body of a 2xx answer, nil for anything else (a lookup never fails a turn).
    private static func send(_ url: String, method: HTTPRequest.Method, body: Data?, provider: ProviderDefinition,
                             transport: any HTTPTransport) async -> Data? {
        guard let url = URL(string: url) else { return nil }
        var request = HTTPRequest(method: method, url: url, body: body.map { .bytes($0) } ?? .empty,
                                  timeout: RequestDeadline.effective(5))
        request.setHeader("Accept", "application/json")
        if body != nil { request.setHeader("Content-Type", "application/json") }
        if let key = provider.apiKey { request.setHeader("Authorization", "Bearer " + key) }
        guard let (data, head) = try? await transport.send(request), head.isSuccess else { return nil }
        return data
    }
}
