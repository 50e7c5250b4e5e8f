// An OpenAI-compatible model server as a chat provider (SPEC §8): `POST {baseURL}/chat/completions`
// with the whole conversation, the reply read as Server-Sent Events (or a whole JSON answer), and
// `GET {baseURL}/models`. Never sends `user_id`/`app_id`; the key goes only to the provider's origin.
import Foundation

/// Talks to Ollama, llama.cpp, vLLM, LM Studio, LiteLLM, OpenRouter, OpenAI…
public struct OpenAIChatProvider: ChatProvider {
    /// The provider's settings.
    public let definition: ProviderDefinition
    private let transport: any HTTPTransport
    private let limits: HTTPStreamLimits

    /// A provider for `definition` over `transport` (the shared libcurl transport by default).
    public init(definition: ProviderDefinition, transport: any HTTPTransport = CurlTransport.shared,
                limits: HTTPStreamLimits = HTTPStreamLimits()) {
        self.definition = definition
        self.transport = transport
        self.limits = limits
    }

    public var name: String { definition.name }
    public var keepsHistoryServerSide: Bool { false }

    /// Streams the reply: text pieces, then `.finished` at `[DONE]` (or a whole JSON answer).
    /// The stream throws `ProviderError` for error answers and error events, and
    /// `.streamCutOff` when the body ends before `[DONE]`; the transfer stops when its consumer stops.
    public func streamReply(to request: ChatProviderRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let provider = self
        return Self.makeStream { continuation in
            try await provider.produceReply(to: request, into: continuation)
        }
    }

    /// Sends the request and yields the reply's events to `continuation` as they are read.
    private func produceReply(to request: ChatProviderRequest,
                              into continuation: AsyncThrowingStream<ChatStreamEvent, any Error>.Continuation)
        async throws {
        let http = try chatRequest(for: request)
        let response = try await connected { try await transport.stream(http, limits: limits) }
        guard response.head.isSuccess else {
            let body = try await Self.collect(response.body, limit: 64 << 10)
            try await checkBaseURL(afterStatus: response.head.statusCode)
            throw ProviderError.forStatus(response.head.statusCode, body: body, provider: definition, model: request.model)
        }
        guard Self.isEventStream(response.head) else {
            let body = try await Self.collect(response.body, limit: 16 << 20)
            for event in try OpenAIStreamReader.events(fromCompletion: body) { continuation.yield(event) }
            return
        }
        var reader = OpenAIStreamReader()
        do {
            for try await chunk in response.body {
                for event in try reader.feed(chunk).joiningText() { continuation.yield(event) }
                if reader.isDone { return }
            }
        } catch APIError.networkError(let reason) {
            // The connection dropped mid-reply: what arrived stays, the reply is cut off.
            throw ProviderError.streamCutOff(reason: reason)
        }
        if Task.isCancelled { return }   // the body ended because its reader stopped listening
        for event in try reader.finish() { continuation.yield(event) }
    }

    /// The model ids the server offers (`GET {baseURL}/models`), in its order.
    /// - Throws: `ProviderError` or `APIError`.
    public func listModels() async throws -> [String] {
        var request = HTTPRequest(method: .get, url: try endpoint("models"), timeout: RequestDeadline.effective(15))
        addHeaders(to: &request)
        let (body, head) = try await connected { try await transport.send(request) }
        guard head.isSuccess else {
            try await checkBaseURL(afterStatus: head.statusCode)
            throw ProviderError.forStatus(head.statusCode, body: body, provider: definition, model: "")
        }
        do {
            return try JSONDecoder().decode(OpenAIModelListDTO.self, from: body).ids
        } catch {
            throw ProviderError.invalidResponse("the model list is not the expected JSON")
        }
    }

    /// Runs `send`, naming the provider, its address and its setting when nothing listens there.
    private func connected<T>(_ send: () async throws -> T) async throws -> T {
        do {
            return try await send()
        } catch APIError.couldNotConnect {
            throw definition.couldNotConnect
        }
    }

    /// After a 404 from a base URL that does not end in `/v1`: when `{baseURL}/v1/models` answers,
    /// throws `ProviderError.baseURLNeedsV1` (the path was wrong, not the model).
    private func checkBaseURL(afterStatus statusCode: Int) async throws {
        guard statusCode == 404, let suggested = definition.baseURLWithV1,
              let url = URL(string: suggested.absoluteString + "/models") else { return }
        var probe = HTTPRequest(method: .get, url: url, timeout: RequestDeadline.effective(5))
        addHeaders(to: &probe)
        guard let (_, head) = try? await transport.send(probe), head.isSuccess else { return }
        throw ProviderError.baseURLNeedsV1(suggested: suggested.absoluteString)
    }

    // MARK: - Request

    /// The chat request: system prompt, history, the new message; streamed with usage; the thinking
    /// level in the fields the provider takes.
    func chatRequest(for request: ChatProviderRequest) throws -> HTTPRequest {
        guard !request.model.isEmpty else { throw ProviderError.noModel(provider: definition.name) }
        // The messages are written from the session's own messages while the body is sent
        // (OpenAIChatRequestBody); images go as data URLs streamed from their stored files.
        var images = OpenAIImageBody()
        let messages = try messageList(for: request, images: &images)
        var dto = OpenAIChatRequestDTO(
            model: request.model, messages: [], stream: true,
            reasoningEffort: definition.think.effort(for: request.think),
            enableThinking: definition.think.enableThinking(for: request.think))
        dto.parameters = request.parameters ?? ChatParameters()
        dto.responseFormat = request.responseFormat
        dto.tools = request.tools.map {
            OpenAIToolDTO(name: $0.qualifiedName, description: $0.tool.description, parameters: $0.tool.inputSchema)
        }
        let body: HTTPRequestBody
        do {
            body = try OpenAIChatRequestBody.make(framing: try dto.body(), messages: messages, images: images)
        } catch {
            throw ProviderError.invalidResponse("cannot encode the request")
        }
        var http = HTTPRequest(method: .post, url: try endpoint("chat/completions"), body: body,
                               timeout: RequestDeadline.effective(600))
        addHeaders(to: &http)
        http.setHeader("Content-Type", "application/json")
        http.setHeader("Accept", "text/event-stream, application/json")
        return http
    }

    /// The request's messages: system prompt, history (as the session holds it), the new message with
    /// its images, the tool rounds and a reply prefix; `images` hands out the images' data URLs.
    private func messageList(for request: ChatProviderRequest, images: inout OpenAIImageBody) throws -> OpenAIChatMessageList {
        var messages = OpenAIChatMessageList()
        if let system = request.system, !system.isEmpty { messages.leading.append(.init(role: "system", content: system)) }
        messages.history = request.history
        for (index, message) in request.history.enumerated() where message.attachments.contains(where: \.isImage) {
            messages.historyImages[index] = try message.attachments.filter(\.isImage).map {
                try images.dataURL(for: $0, in: request.attachmentStore)
            }
        }
        var prompt = OpenAIChatMessageDTO(role: "user", content: request.message)
        for attachment in request.images {
            prompt.imageURLs.append(try images.dataURL(for: attachment, in: request.attachmentStore))
        }
        messages.trailing.append(prompt)
        messages.trailing += request.toolRounds.map(OpenAIChatMessageDTO.init(message:))
        if let prefix = request.replyPrefix { messages.trailing.append(.init(role: "assistant", content: prefix)) }
        return messages
    }

    /// Whether `model` can read images, as the server says (VisionCapabilityProbe).
    /// - Throws: `AttachmentError.modelCannotSee` when the server says it cannot.
    public func checkImageInput(model: String) async throws {
        guard let base = definition.baseURL else { throw ProviderError.missingBaseURL(provider: definition.name) }
        let probe = VisionCapabilityProbe(baseURL: base, apiKey: definition.apiKey, transport: transport)
        if await probe.canSee(model: model) == false {
            throw AttachmentError.modelCannotSee(model: model)
        }
    }

    private func endpoint(_ path: String) throws -> URL {
        guard let base = definition.baseURL else { throw ProviderError.missingBaseURL(provider: definition.name) }
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text + "/" + path) else { throw APIError.invalidURL }
        return url
    }

    private func addHeaders(to request: inout HTTPRequest) {
        request.setHeader("Accept", "application/json")
        if let key = definition.apiKey { request.setHeader("Authorization", "Bearer " + key) }
    }

    // MARK: - Response

    private static func isEventStream(_ head: HTTPResponseHead) -> Bool {
        head.value(forHeader: "Content-Type")?.lowercased().contains("text/event-stream") ?? true
    }

    /// The whole body, at most `limit` bytes (the rest is not read).
    private static func collect(_ body: AsyncThrowingStream<[UInt8], any Error>, limit: Int) async throws -> Data {
        var data = Data()
        for try await chunk in body {
            data.append(contentsOf: chunk.prefix(max(0, limit - data.count)))
            if data.count >= limit { break }
        }
        return data
    }
}
