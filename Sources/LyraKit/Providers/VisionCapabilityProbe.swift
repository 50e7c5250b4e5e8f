// Asks a model server whether a model can read images, before a message with images is sent
// (SPEC §13): llama.cpp's `GET /props` (`modalities.vision`), then Ollama's `POST /api/show`
// (`capabilities` contains `vision`). A server that answers neither is not judged: it decides.
// Kept apart from the context-window lookup (SPEC §12), which asks the same servers.
import Foundation

/// Whether a model sees images, as its server says.
public struct VisionCapabilityProbe: Sendable {
    /// The provider's base URL (`…/v1`); the probes go to the server's root.
    public let baseURL: URL
    private let apiKey: String?
    private let transport: any HTTPTransport

    /// A probe of the server at `baseURL`, sending `apiKey` as a bearer token when there is one.
    public init(baseURL: URL, apiKey: String?, transport: any HTTPTransport = CurlTransport.shared) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.transport = transport
    }

    /// true or false when the server says, nil when it does not (or cannot be asked).
    public func canSee(model: String) async -> Bool? {
        if let props: LlamaProps = await ask(.get, "props", body: nil), let vision = props.modalities?.vision {
            return vision
        }
        // `model` for current Ollama, `name` for releases before 0.5.
        let body = try? JSONEncoder().encode(["model": model, "name": model])
        if let show: OllamaShow = await ask(.post, "api/show", body: body), let capabilities = show.capabilities {
            return capabilities.contains("vision")
        }
        return nil
    }

    /// The server's root: the base URL without a trailing `/v1`.
    var root: String {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix("/v1") { text.removeLast(3) }
        return text
    }

    private func ask<Answer: Decodable>(_ method: HTTPRequest.Method, _ path: String, body: Data?) async -> Answer? {
        guard let url = URL(string: root + "/" + path) else { return nil }
        var request = HTTPRequest(method: method, url: url, body: body.map { .bytes($0) } ?? .empty,
                                  timeout: RequestDeadline.effective(15))
        request.setHeader("Accept", "application/json")
        if body != nil { request.setHeader("Content-Type", "application/json") }
        if let apiKey { request.setHeader("Authorization", "Bearer " + apiKey) }
        guard let (data, head) = try? await transport.send(request), head.isSuccess else { return nil }
        return try? JSONDecoder().decode(Answer.self, from: data)
    }
}

/// The part of llama.cpp's `/props` answer that says what the model reads.
private struct LlamaProps: Decodable {
    struct Modalities: Decodable { var vision: Bool? }
    var modalities: Modalities?
}

/// The part of Ollama's `/api/show` answer that lists what the model can do.
private struct OllamaShow: Decodable {
    var capabilities: [String]?
}
