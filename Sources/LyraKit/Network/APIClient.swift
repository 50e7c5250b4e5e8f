// The app backend client (the iOS app's APIClient actor): builds requests from `Endpoint`s,
// sends them through an `HTTPTransport`, maps statuses to `APIError` and decodes the DTOs.
import Foundation

/// Talks to the app backend of SPEC §4. Never retries a request on its own; errors never contain the token.
public actor APIClient: ChatBackend, WritingBackend, VideoBackend {
    /// The connection settings.
    public nonisolated let config: APIConfig
    private let transport: any HTTPTransport

    /// Creates a client.
    /// - Parameters:
    ///   - config: the validated base URL, token and ids.
    ///   - transport: the HTTP transport (the shared libcurl one by default).
    public init(config: APIConfig, transport: any HTTPTransport = CurlTransport.shared) {
        self.config = config
        self.transport = transport
    }

    /// Sends one chat turn.
    /// - Throws: `APIError`.
    /// The client holds no mutable state, so this runs on the caller's executor (no hop to the actor).
    nonisolated(nonsending) public func sendChatMessage(chatID: String, message: String) async throws -> ChatReplyDTO {
        try await perform(Endpoint.chatMessage(chatID: chatID, message: message, locale: config.locale))
    }

    /// Sends a writing request.
    /// - Throws: `APIError`.
    public func improveText(_ request: AIWritingRequestDTO) async throws -> AIWritingResponseDTO {
        try await perform(Endpoint.improveText(request))
    }

    /// Fetches the templates (either response shape).
    /// - Throws: `APIError`.
    public func fetchTemplates() async throws -> [VideoTemplateDTO] {
        let list: TemplateListDTO = try await perform(Endpoint.templates(appID: config.appID))
        return list.templates
    }

    /// Uploads `template_id`, the optional `prompt` and one `image` part per photo (`photo1.jpg`…),
    /// streaming each photo from its file while sending (no staged copy).
    /// - Throws: `APIError`, or `StorageError` when a photo cannot be read.
    public func startVideo(templateID: String, prompt: String?, photos: [URL]) async throws -> VideoStartResponseDTO {
        let body = try Self.multipartBody(templateID: templateID, prompt: prompt, photos: photos)
        var request = try Endpoint.startVideo(contentType: body.contentType).httpRequest(config: config)
        request.body = .parts(body.bodyParts())
        return try await redactingErrors {
            let (data, response) = try await transport.send(request)
            return try Self.decode(data, response)
        }
    }

    /// Fetches the status of video `id`.
    /// - Throws: `APIError`.
    public func videoStatus(id: String) async throws -> VideoStatusDTO {
        try await perform(Endpoint.videoStatus(id: id))
    }

    /// Streams the video into `destination` (replaced when present; the caller picks a free name).
    /// - Throws: `APIError`, or `StorageError` when the file cannot be written.
    public func downloadVideo(
        from urlString: String, to destination: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void
    ) async throws {
        let request = try Endpoint.downloadRequest(for: urlString, config: config)
        try await redactingErrors {
            // A non-2xx status throws its mapped error and leaves no file.
            _ = try await transport.download(request, to: destination, progress: progress)
        }
    }

    // MARK: - Private

    /// Sends `endpoint` and decodes a 2xx body with `JSONDecoder`.
    nonisolated(nonsending) private func perform<Response: Decodable>(_ endpoint: Endpoint) async throws -> Response {
        let request = try endpoint.httpRequest(config: config)
        return try await redactingErrors {
            let (data, response) = try await transport.send(request)
            return try Self.decode(data, response)
        }
    }

    nonisolated(nonsending) private func redactingErrors<Value>(
        _ work: nonisolated(nonsending) () async throws -> Value
    ) async throws -> Value {
        do {
            return try await work()
        } catch let error as APIError {
            throw error.redacting(config.token)
        } catch is CancellationError {
            throw APIError.cancelled
        }
    }

    private static func decode<Response: Decodable>(_ data: Data, _ response: HTTPResponseHead) throws -> Response {
        if let error = HTTPStatusMapping.error(for: response, body: data) { throw error }
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw APIError.decodingError(describe(error))
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case let .keyNotFound(key, _)?: return "missing field '\(key.stringValue)'"
        case let .typeMismatch(_, context)?, let .valueNotFound(_, context)?:
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "unexpected JSON shape" : "unexpected value for '\(path)'"
        default: return "the body is not valid JSON"
        }
    }

    private static func multipartBody(templateID: String, prompt: String?, photos: [URL]) throws -> MultipartFormData {
        var body = MultipartFormData()
        try body.appendUTF8(name: "template_id", value: templateID)
        if let prompt, !prompt.isEmpty { try body.appendUTF8(name: "prompt", value: prompt) }
        for (index, photo) in photos.enumerated() {
            try body.appendFile(name: "image", fileURL: photo, filename: "photo\(index + 1).jpg", contentType: "image/jpeg")
        }
        return body
    }
}
