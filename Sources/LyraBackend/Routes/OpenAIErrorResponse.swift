// Error answers of the OpenAI-compatible routes, in the shapes real servers use: OpenAI's
// `{"error": {"message", "type", "param", "code"}}`, Ollama's `{"error": "…"}` and llama-cpp-python's
// `{"detail": "…"}`. Also the named error faults (`openai_error` in POST /_test/faults).

/// Builds OpenAI-compatible error responses.
enum OpenAIErrorResponse {
    /// A named error an injected fault can answer with.
    enum Kind: String, Sendable, CaseIterable {
        /// 401, OpenAI shape, code `invalid_api_key`.
        case unauthorized
        /// 400, OpenAI shape, code `context_length_exceeded`, message mentions "context length".
        case contextLength = "context_length"
        /// 404, OpenAI shape, code `model_not_found`.
        case modelNotFound = "model_not_found"
        /// 500, OpenAI shape, type `server_error`.
        case server
        /// 500, Ollama / llama.cpp shape `{"error": "…"}`.
        case ollama
        /// 401, llama-cpp-python shape `{"detail": "…"}`.
        case detail
    }

    /// `{"error": {"message", "type", "param": null, "code"}}` with `status`.
    static func make(status: Int, message: String, type: String, code: String?) -> HTTPResponse {
        .json(.object([("error", .object([
            ("message", .string(message)),
            ("type", .string(type)),
            ("param", .null),
            ("code", code.map(JSONValue.string) ?? .null),
        ]))]), status: status)
    }

    /// 400 `invalid_request_error` for a request the route cannot use.
    static func badRequest(_ message: String) -> HTTPResponse {
        make(status: 400, message: message, type: "invalid_request_error", code: nil)
    }

    /// 404 `model_not_found` naming `model`.
    static func unknownModel(_ model: String) -> HTTPResponse {
        make(status: 404, message: "The model '\(model)' does not exist", type: "invalid_request_error",
             code: "model_not_found")
    }

    /// The answer of a named error fault; `status` and `message` override the kind's defaults.
    static func make(_ kind: Kind, status: Int?, message: String?) -> HTTPResponse {
        switch kind {
        case .unauthorized:
            return make(status: status ?? 401, message: message ?? "Incorrect API key provided.",
                        type: "invalid_request_error", code: "invalid_api_key")
        case .contextLength:
            let text = "This model's maximum context length is 2048 tokens. However, your messages resulted in "
                + "3072 tokens. Please reduce the length of the messages (context length exceeded)."
            return make(status: status ?? 400, message: message ?? text, type: "invalid_request_error",
                        code: "context_length_exceeded")
        case .modelNotFound:
            var response = unknownModel(message ?? "unknown")
            response.status = status ?? 404
            return response
        case .server:
            return make(status: status ?? 500, message: message ?? "The server had an error while processing your request.",
                        type: "server_error", code: nil)
        case .ollama:
            return .json(.object([("error", .string(message ?? "model runner has unexpectedly stopped"))]),
                         status: status ?? 500)
        case .detail:
            return .detail(message ?? "Invalid API key", status: status ?? 401)
        }
    }
}
