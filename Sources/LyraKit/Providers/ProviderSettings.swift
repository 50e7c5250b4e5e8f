// One provider configured in config.json under "providers" (SPEC §8):
// `{"providers": {"work": {"kind": "openai", "baseURL": "https://llm.example.com/v1"}}}`.
import Foundation

/// A provider as written in config.json.
public struct ProviderSettings: Sendable, Equatable, Codable {
    /// The protocol it speaks (default `openai`).
    public var kind: ProviderKind
    /// Its base URL (for `openai`: the part before `/chat/completions`).
    public var baseURL: String?
    /// The model to use when only the provider is named (optional).
    public var defaultModel: String?

    /// Creates settings.
    public init(kind: ProviderKind = .openai, baseURL: String? = nil, defaultModel: String? = nil) {
        self.kind = kind
        self.baseURL = baseURL
        self.defaultModel = defaultModel
    }

    enum CodingKeys: String, CodingKey { case kind, baseURL, defaultModel = "model" }

    /// Decodes `kind` (default `openai`), `baseURL` and `model`; other members are ignored.
    /// - Throws: `DecodingError` for an unknown kind or values of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(ProviderKind.self, forKey: .kind) ?? .openai
        baseURL = try container.decodeIfPresent(String.self, forKey: .baseURL)
        defaultModel = try container.decodeIfPresent(String.self, forKey: .defaultModel)
    }
}
