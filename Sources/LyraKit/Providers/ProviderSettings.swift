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
    /// Which fields carry the thinking level (`think`, default both).
    public var think: ThinkControl?
    /// Whether its models open their thinking block in the prompt (`thinkOpen`).
    public var thinkOpen: Bool?
    /// The context window of its models in tokens, used when the server does not say (`contextWindow`).
    public var contextWindow: Int?

    /// Creates settings.
    public init(kind: ProviderKind = .openai, baseURL: String? = nil, defaultModel: String? = nil,
                think: ThinkControl? = nil) {
        self.kind = kind
        self.baseURL = baseURL
        self.defaultModel = defaultModel
        self.think = think
    }

    enum CodingKeys: String, CodingKey { case kind, baseURL, defaultModel = "model", think, thinkOpen, contextWindow }

    /// Decodes `kind` (default `openai`), `baseURL`, `model`, `think`, `thinkOpen` and `contextWindow`; other members are ignored.
    /// - Throws: `DecodingError` for an unknown kind or values of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(ProviderKind.self, forKey: .kind) ?? .openai
        baseURL = try container.decodeIfPresent(String.self, forKey: .baseURL)
        defaultModel = try container.decodeIfPresent(String.self, forKey: .defaultModel)
        think = try container.decodeIfPresent(ThinkControl.self, forKey: .think)
        thinkOpen = try container.decodeIfPresent(Bool.self, forKey: .thinkOpen)
        contextWindow = try container.decodeIfPresent(Int.self, forKey: .contextWindow)
    }
}
