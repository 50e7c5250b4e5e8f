// The error a server reports, in every shape OpenAI-compatible servers use: `{"error": {"message": …}}`
// (OpenAI, llama.cpp's C++ server), `{"error": "…"}` (Ollama), `{"detail": "…"}` (llama-cpp-python),
// `{"message": "…"}`. Also read from a stream event that carries `error`.
import Foundation

/// An error body; `message` is nil when the body names none.
public struct OpenAIErrorBodyDTO: Decodable, Equatable, Sendable {
    /// The server's message, trimmed and at most 500 characters; nil when there is none.
    public var message: String?
    /// `error.type` when given (e.g. `invalid_request_error`).
    public var type: String?
    /// `error.code` when given, as text (e.g. `model_not_found`, `context_length_exceeded`, `500`).
    public var code: String?
    /// Whether the body had an `error` member at all (a stream event with one ends the turn).
    public var hasErrorMember: Bool

    /// An error body with the given parts.
    public init(message: String?, type: String? = nil, code: String? = nil, hasErrorMember: Bool = true) {
        self.message = message
        self.type = type
        self.code = code
        self.hasErrorMember = hasErrorMember
    }

    /// The message of `body`, or nil when the body is not JSON or names no message.
    public static func message(from body: Data) -> String? {
        (try? JSONDecoder().decode(OpenAIErrorBodyDTO.self, from: body))?.message
    }

    enum CodingKeys: String, CodingKey { case error, detail, message }
    enum ErrorKeys: String, CodingKey { case message, type, code }
    private struct ValidationIssue: Decodable { var msg: String? }

    /// Decodes any of the shapes above; members of other types are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hasErrorMember = container.contains(.error) && (try? container.decodeNil(forKey: .error)) == false
        var candidates: [String?] = []
        if let inner = try? container.nestedContainer(keyedBy: ErrorKeys.self, forKey: .error) {
            candidates.append(try? inner.decodeIfPresent(String.self, forKey: .message))
            type = try? inner.decodeIfPresent(String.self, forKey: .type)
            code = (try? inner.decodeIfPresent(String.self, forKey: .code))
                ?? (try? inner.decodeIfPresent(Int.self, forKey: .code)).flatMap { $0.map(String.init) }
        } else {
            candidates.append(try? container.decodeIfPresent(String.self, forKey: .error))
        }
        candidates.append(try? container.decodeIfPresent(String.self, forKey: .detail))
        if let issues = try? container.decodeIfPresent([ValidationIssue].self, forKey: .detail) {
            candidates.append(issues.compactMap(\.msg).joined(separator: "; "))
        }
        candidates.append(try? container.decodeIfPresent(String.self, forKey: .message))
        message = candidates.lazy.compactMap(Self.cleaned).first
    }

    private static func cleaned(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return String(trimmed.prefix(500))
    }
}
