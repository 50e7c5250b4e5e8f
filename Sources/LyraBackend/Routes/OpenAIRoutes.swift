// `GET /v1/models` and `POST /v1/chat/completions`: the OpenAI-compatible demo models `lyra-demo`
// (SPEC §8 "The local backend") and `lyra-think` (SPEC §11), streamed word by word or answered as
// one JSON completion.

import Foundation

/// The OpenAI-compatible routes of the local backend.
enum OpenAIRoutes {
    static let routes: [BackendRouter.Route] = [
        .init(method: "GET", pattern: ["v1", "models"], access: .openAI, handler: models),
        .init(method: "POST", pattern: ["v1", "chat", "completions"], access: .openAI, handler: chatCompletion),
    ]

    /// The 401 answer when the backend requires a token and the request does not carry it; else nil.
    static func authorized(_ context: RouteContext) -> HTTPResponse? {
        guard let token = context.options.requiredToken,
              context.request.header("authorization") != "Bearer \(token)" else { return nil }
        return OpenAIErrorResponse.make(.unauthorized, status: nil, message: nil)
    }

    private static func models(_ context: RouteContext) -> HTTPResponse {
        .json(.object([
            ("object", .string("list")),
            ("data", .array([DemoChatRequest.modelID, DemoThinkingReply.modelID, DemoToolsReply.modelID].map { id in
                .object([("id", .string(id)), ("object", .string("model")), ("owned_by", .string("lyra"))]
                    + ContextWindowRoutes.modelMembers(context.state.config))
            })),
        ]))
    }

    private static func chatCompletion(_ context: RouteContext) -> HTTPResponse {
        let request: DemoChatRequest
        do {
            request = try DemoChatRequest.parse(context.request.body)
        } catch {
            if error.status == 404 { return OpenAIErrorResponse.unknownModel(requestedModel(context) ?? "") }
            return OpenAIErrorResponse.badRequest(error.detail)
        }
        if let refusal = ContextWindowRoutes.refusal(for: request, config: context.state.config) { return refusal }
        var fault = context.fault?.stream ?? ChatStreamFault()
        let created = Int(Date().timeIntervalSince1970)
        let form = context.state.config.thinkForm
        let pieces: [(member: String, text: String)]
        let message: [(String, JSONValue)]
        var toolCallDeltas: [JSONValue] = []
        if request.model == DemoToolsReply.modelID {
            let reply = DemoToolsReply(request: request)
            pieces = DemoChatReply.pieces(of: reply.text).map { (member: "content", text: $0) }
            toolCallDeltas = reply.toolCallDeltas
            message = reply.message
        } else if request.model == DemoThinkingReply.modelID {
            pieces = DemoThinkingReply.deltas(for: request, form: form, reasoningWords: context.state.config.demoReplyWords)
                .map { (member: $0.0, text: $0.1) }
            message = DemoThinkingReply.message(for: request, form: form)
        } else {
            var text = request.schema.map(DemoStructuredReply.text(following:)) ?? DemoChatReply.text(for: request)
            // A request ending with the start of the reply (`/continue`) gets the rest of it.
            if let last = request.messages.last, last.role == "assistant", !last.content.isEmpty, text.hasPrefix(last.content) {
                text = String(text.dropFirst(last.content.count))
            }
            var words = DemoChatReply.padded(DemoChatReply.pieces(of: text).filter { !$0.isEmpty },
                                             toWords: context.state.config.demoReplyWords)
            if let limit = request.maxTokens, words.count > limit {
                words = Array(words.prefix(limit))
                fault.finishReason = fault.finishReason ?? "length"
            }
            pieces = words.map { (member: "content", text: $0) }
            message = [("role", .string("assistant")), ("content", .string(words.joined()))]
        }
        guard request.stream else {
            return completion(request, message: message, tokens: pieces.count, fault: fault, created: created,
                              finishReason: toolCallDeltas.isEmpty ? "stop" : "tool_calls",
                              promptCap: context.state.config.silentTruncateTokens)
        }
        var streamed = DemoChatStream(
            request: request, pieces: pieces, fault: fault, stopSignal: context.stopSignal,
            gate: context.state.releaseGate, created: created, promptCap: context.state.config.silentTruncateTokens)
        streamed.toolCallDeltas = toolCallDeltas
        let stream = streamed
        var response = HTTPResponse(status: 200, headers: [
            ("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"),
        ])
        response.stream = StreamedBody { write in stream.produce(write) }
        return response
    }

    private static func requestedModel(_ context: RouteContext) -> String? {
        (try? JSONValue.parse(context.request.body))?["model"]?.stringValue
    }

    /// The non-streamed answer: one `chat.completion` object with usage.
    private static func completion(
        _ request: DemoChatRequest, message: [(String, JSONValue)], tokens: Int, fault: ChatStreamFault, created: Int,
        finishReason: String, promptCap: Int?
    ) -> HTTPResponse {
        .json(.object([
            ("id", .string("chatcmpl-lyra-demo")),
            ("object", .string("chat.completion")),
            ("created", .int(created)),
            ("model", .string(request.model)),
            ("choices", .array([.object([
                ("index", .int(0)),
                ("message", .object(message)),
                ("finish_reason", .string(fault.finishReason ?? finishReason)),
            ])])),
            ("usage", DemoChatReply.usage(request, completionTokens: tokens, promptCap: promptCap)),
        ]))
    }
}
