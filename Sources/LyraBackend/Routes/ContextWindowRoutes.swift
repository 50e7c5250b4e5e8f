// Where a client learns a model's context window (SPEC §12), as the servers Lyra meets answer it:
// llama.cpp's `GET /props`, Ollama's `GET /api/ps` and `POST /api/show`, and OpenRouter-style
// `context_length`/`pricing` on `/v1/models` entries. Which of them answer is a test control
// (`server_kind`), so every lookup path runs offline; `silent_truncate_tokens` makes usage report a
// prompt cut at the window, as Ollama's OpenAI endpoint does.

/// The context-window routes of the local backend and their test controls.
enum ContextWindowRoutes {
    /// The window reported unless a test sets `context_window`.
    static let defaultWindow = 8192
    /// `llama.cpp` (`/props`), `ollama` (`/api/ps` lists the model loaded), `ollama-unloaded` (`/api/ps`
    /// lists nothing, `/api/show` answers), `openrouter` (`/v1/models` entries carry `context_length`
    /// and `pricing`) and `none` (no route says anything about the window).
    static let serverKinds = ["llama.cpp", "ollama", "ollama-unloaded", "openrouter", "none"]
    static let defaultServerKind = "llama.cpp"
    /// The OpenRouter-style prices (US dollars per token, as strings) of the demo models.
    static let promptPrice = "0.00000015"
    static let completionPrice = "0.0000006"

    static let routes: [BackendRouter.Route] = [
        .init(method: "GET", pattern: ["props"], access: .openAI, handler: props),
        .init(method: "GET", pattern: ["api", "ps"], access: .openAI, handler: runningModels),
        .init(method: "POST", pattern: ["api", "show"], access: .openAI, handler: showModel),
    ]

    /// llama.cpp: `{"default_generation_settings": {"n_ctx": N, …}, "total_slots": 1, …}`.
    private static func props(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        let config = context.state.config
        guard config.serverKind == "llama.cpp" else { throw RouteFailure(status: 404, detail: "Not Found") }
        return .json(.object([
            ("default_generation_settings", .object([("n_ctx", .int(config.contextWindow)), ("n_predict", .int(-1))])),
            ("total_slots", .int(1)),
            ("model_path", .string("models/\(DemoChatRequest.modelID).gguf")),
        ]))
    }

    /// Ollama: the loaded models, each with its `context_length`.
    private static func runningModels(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        let config = context.state.config
        guard config.serverKind.hasPrefix("ollama") else { throw RouteFailure(status: 404, detail: "404 page not found") }
        let loaded: [JSONValue] = config.serverKind == "ollama"
            ? [DemoChatRequest.modelID, DemoThinkingReply.modelID].map { name in
                .object([("name", .string(name)), ("model", .string(name)), ("size", .int(1 << 30)),
                         ("context_length", .int(config.contextWindow))])
            } : []
        return .json(.object([("models", .array(loaded))]))
    }

    /// Ollama: a model's details; its window is `model_info["<arch>.context_length"]`.
    private static func showModel(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        let config = context.state.config
        guard config.serverKind.hasPrefix("ollama") else { throw RouteFailure(status: 404, detail: "404 page not found") }
        let body = try context.jsonObjectBody()
        let name = body["model"]?.stringValue ?? body["name"]?.stringValue ?? ""
        guard [DemoChatRequest.modelID, DemoThinkingReply.modelID].contains(name) else {
            return .json(.object([("error", .string("model '\(name)' not found"))]), status: 404)
        }
        return .json(.object([
            ("details", .object([("family", .string("lyra")), ("parameter_size", .string("0B"))])),
            ("model_info", .object([
                ("general.architecture", .string("lyra")),
                ("lyra.context_length", .int(config.contextWindow)),
            ])),
        ]))
    }

    /// The members a `/v1/models` entry gets for `openrouter`.
    static func modelMembers(_ config: BackendConfig) -> [(String, JSONValue)] {
        guard config.serverKind == "openrouter" else { return [] }
        return [
            ("context_length", .int(config.contextWindow)),
            ("pricing", .object([("prompt", .string(promptPrice)), ("completion", .string(completionPrice))])),
        ]
    }

    /// llama-server's refusal of a prompt longer than its window (`exceed_context_size_error`), given
    /// when a test set `context_window` on a `llama.cpp` backend that does not truncate silently.
    static func refusal(for request: DemoChatRequest, config: BackendConfig) -> HTTPResponse? {
        guard config.enforcesWindow, config.serverKind == "llama.cpp", config.silentTruncateTokens == nil else { return nil }
        let prompt = DemoChatReply.promptTokens(request)
        guard prompt > config.contextWindow else { return nil }
        return .json(.object([("error", .object([
            ("code", .int(400)),
            ("message", .string("request (\(prompt) tokens) exceeds the available context size "
                + "(\(config.contextWindow) tokens), try increasing it")),
            ("type", .string("exceed_context_size_error")),
            ("n_prompt_tokens", .int(prompt)),
            ("n_ctx", .int(config.contextWindow)),
        ]))]), status: 400)
    }

    // MARK: - Test controls

    /// Checks `context_window` (1–10,000,000), `server_kind` and `silent_truncate_tokens` (null or ≥ 1).
    static func validate(_ body: JSONValue) throws(RouteFailure) {
        if let window = body["context_window"], !(1...10_000_000).contains(window.intValue ?? -1) {
            throw RouteFailure(status: 422, detail: "'context_window' must be an integer from 1 to 10000000")
        }
        if let kind = body["server_kind"], !serverKinds.contains(kind.stringValue ?? "") {
            throw RouteFailure(status: 422, detail: "'server_kind' must be one of \(serverKinds.joined(separator: ", "))")
        }
        if let cut = body["silent_truncate_tokens"], !cut.isNull, (cut.intValue ?? 0) < 1 {
            throw RouteFailure(status: 422, detail: "'silent_truncate_tokens' must be null or an integer of 1 or more")
        }
    }

    /// Applies the members `validate` accepted.
    static func apply(_ body: JSONValue, to config: inout BackendConfig) {
        if let window = body["context_window"]?.intValue {
            config.contextWindow = window
            config.enforcesWindow = true
        }
        if let kind = body["server_kind"]?.stringValue { config.serverKind = kind }
        if let cut = body["silent_truncate_tokens"] { config.silentTruncateTokens = cut.intValue }
    }

    /// The members of `GET /_test/config` these controls add.
    static func describe(_ config: BackendConfig) -> [(String, JSONValue)] {
        [
            ("context_window", .int(config.contextWindow)),
            ("server_kind", .string(config.serverKind)),
            ("silent_truncate_tokens", config.silentTruncateTokens.map(JSONValue.int) ?? .null),
        ]
    }
}
