// One message of a chat session, exactly as stored in a session file (SPEC §3). Decoding is
// tolerant: unknown fields are ignored, ids may be numbers, missing values get safe defaults.
import Foundation

/// A message in a chat session.
public struct ChatMessage: Codable, Equatable, Sendable, Identifiable {
    /// A unique id within the session.
    public var id: String
    /// Who wrote it.
    public var role: ChatRole
    /// The text.
    public var content: String
    /// When it was written (whole milliseconds).
    public var createdAt: Date
    /// For user messages: whether its reply failed (or never arrived). Always nil for other roles.
    public var failed: Bool?
    /// For assistant messages: the model that answered (`model`).
    public var model: String?
    /// For assistant messages: the reply was cut off (Ctrl-C, dropped stream); stored only when true.
    public var incomplete: Bool
    /// For assistant messages: why the reply ended, e.g. `stop` or `length` (`finishReason`).
    public var finishReason: String?
    /// For assistant messages: the tokens the reply cost (`usage`).
    public var usage: TokenUsage?

    /// Creates a message; `failed` is kept only for user messages (default `false`).
    public init(id: String = UUID().uuidString.lowercased(), role: ChatRole, content: String, createdAt: Date,
                failed: Bool? = nil, model: String? = nil, incomplete: Bool = false, finishReason: String? = nil,
                usage: TokenUsage? = nil) {
        self.id = id
        self.role = role
        self.content = content
        self.createdAt = createdAt
        self.failed = role == .user ? (failed ?? false) : nil
        self.model = model
        self.incomplete = incomplete
        self.finishReason = finishReason
        self.usage = usage
    }

    /// Whether this is a user message whose reply failed.
    public var isFailed: Bool { role == .user && failed == true }

    enum CodingKeys: String, CodingKey {
        case id, role, content, createdAt, failed, model, incomplete, finishReason, usage
    }

    /// Decodes a stored message tolerantly.
    /// - Throws: `DecodingError` only when the value is not a JSON object or a field has an impossible type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = (try? container.decodeIfPresent(FlexibleID.self, forKey: .id))?.value ?? UUID().uuidString.lowercased()
        role = (try? container.decodeIfPresent(ChatRole.self, forKey: .role)) ?? .user
        content = (try? container.decodeIfPresent(String.self, forKey: .content)) ?? ""
        let stamp = try? container.decodeIfPresent(String.self, forKey: .createdAt)
        createdAt = stamp.flatMap(ChatTimestamp.date(from:)) ?? Date(timeIntervalSince1970: 0)
        let flag = try? container.decodeIfPresent(Bool.self, forKey: .failed)
        failed = role == .user ? (flag ?? false) : nil
        model = (try? container.decodeIfPresent(String.self, forKey: .model)) ?? nil
        incomplete = ((try? container.decodeIfPresent(Bool.self, forKey: .incomplete)) ?? nil) ?? false
        finishReason = (try? container.decodeIfPresent(String.self, forKey: .finishReason)) ?? nil
        usage = (try? container.decodeIfPresent(TokenUsage.self, forKey: .usage)) ?? nil
    }

    /// Encodes the fields of SPEC §3 in their documented order; `failed` only for user messages.
    /// - Throws: encoder errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(role, forKey: .role)
        try container.encode(content, forKey: .content)
        try container.encode(ChatTimestamp.string(from: createdAt), forKey: .createdAt)
        if role == .user { try container.encode(failed ?? false, forKey: .failed) }
    }
}
