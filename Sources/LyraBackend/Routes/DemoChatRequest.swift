// The body of `POST /v1/chat/completions` as the demo model reads it: model, messages (text content,
// or content parts whose text is joined), `stream` and `stream_options.include_usage`.

/// A validated OpenAI-compatible chat completion request.
struct DemoChatRequest: Sendable {
    /// The demo backend's plain model (`lyra-think`, the thinking one, is in `DemoThinkingReply`).
    static let modelID = "lyra-demo"

    let model: String
    /// Every message in order: its role and its text.
    let messages: [(role: String, content: String)]
    let stream: Bool
    let includeUsage: Bool
    /// `max_tokens`: the demo model stops after this many pieces, with `finish_reason: "length"`.
    var maxTokens: Int?
    /// `response_format.json_schema.schema`: the demo model answers with JSON that follows it.
    var schema: JSONValue?
    /// The `tools` offered (SPEC §14), as sent.
    var tools: [JSONValue] = []

    /// Reads and checks a request body.
    /// - Throws: 400 for a body that is not a JSON object or lacks a model or messages, 404 for another model.
    static func parse(_ body: [UInt8]) throws(RouteFailure) -> DemoChatRequest {
        guard let value = try? JSONValue.parse(body), case .object = value else {
            throw RouteFailure(status: 400, detail: "We could not parse the JSON body of your request: it must be a JSON object.")
        }
        guard let model = value["model"]?.stringValue, !model.isEmpty else {
            throw RouteFailure(status: 400, detail: "you must provide a model parameter")
        }
        guard case .array(let items)? = value["messages"], !items.isEmpty else {
            throw RouteFailure(status: 400, detail: "'messages' is required and must be a non-empty array")
        }
        var messages: [(role: String, content: String)] = []
        for (index, item) in items.enumerated() {
            messages.append(try message(item, index: index))
        }
        guard model == modelID || model == DemoThinkingReply.modelID || model == DemoToolsReply.modelID else {
            throw RouteFailure(status: 404, detail: "The model '\(model)' does not exist")
        }
        var request = DemoChatRequest(
            model: model, messages: messages,
            stream: value["stream"]?.boolValue ?? false,
            includeUsage: value["stream_options"]?["include_usage"]?.boolValue ?? false)
        request.maxTokens = value["max_tokens"]?.intValue.flatMap { $0 >= 1 ? $0 : nil }
        if value["response_format"]?["type"]?.stringValue == "json_schema" {
            request.schema = value["response_format"]?["json_schema"]?["schema"]
        }
        if case .array(let tools)? = value["tools"] { request.tools = tools }
        return request
    }

    private static func message(_ item: JSONValue, index: Int) throws(RouteFailure) -> (role: String, content: String) {
        guard let role = item["role"]?.stringValue, !role.isEmpty else {
            throw RouteFailure(status: 400, detail: "messages[\(index)].role is required and must be a string")
        }
        switch item["content"] {
        case .string(let text)?:
            return (role, text)
        case .array(let parts)?:
            return (role, parts.compactMap { $0["text"]?.stringValue }.joined(separator: "\n"))
        case let content where role == "assistant" && (content == nil || content == .null):
            return (role, "")
        default:
            throw RouteFailure(status: 400, detail: "messages[\(index)].content must be a string")
        }
    }

    /// The text of the last user message, or nil when there is none.
    var lastUserText: String? {
        messages.last { $0.role == "user" }?.content
    }
}
