// The object-valued members of config.json (SPEC §8): named providers and named system prompts.
import Foundation

/// `providers`, `roles` and `models` as read from config.json.
public struct ConfigStructure: Decodable, Sendable, Equatable {
    /// Providers by name.
    public var providers: [String: ProviderSettings]
    /// System prompts by role name.
    public var roles: [String: String]
    /// Per-model settings by model name (`models`: context window, price).
    public var models: [String: ModelSettings] = [:]

    /// Empty members.
    public init(providers: [String: ProviderSettings] = [:], roles: [String: String] = [:]) {
        self.providers = providers
        self.roles = roles
    }

    enum CodingKeys: String, CodingKey { case providers, roles, models }

    /// Decodes both members (absent or null means empty); everything else in the file is ignored.
    /// - Throws: `DecodingError` when a member does not have its shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        providers = try container.decodeIfPresent([String: ProviderSettings].self, forKey: .providers) ?? [:]
        roles = try container.decodeIfPresent([String: String].self, forKey: .roles) ?? [:]
        models = try container.decodeIfPresent([String: ModelSettings].self, forKey: .models) ?? [:]
    }
}
