// A provider ready to use: its name, kind, base URL and API key, and where that key is set
// (so a 401 can name the variable to check).
import Foundation

/// A resolved provider (built-in or from config.json).
public struct ProviderDefinition: Sendable, Equatable {
    /// The name used in `PROVIDER:MODEL`.
    public var name: String
    /// The protocol it speaks.
    public var kind: ProviderKind
    /// Its base URL; nil when not configured (the app backend without `baseURL`).
    public var baseURL: URL?
    /// Its API key, when there is one.
    public var apiKey: String?
    /// Where the key is set, e.g. `OPENAI_API_KEY` or `LYRA_API_KEY_WORK`.
    public var apiKeyVariable: String
    /// The model used when only the provider is named (may be empty).
    public var defaultModel: String
    /// Which request fields carry the thinking level.
    public var think: ThinkControl
    /// Whether its models open their thinking block in the prompt (`"thinkOpen": true`).
    public var thinkOpen: Bool

    /// Creates a definition.
    public init(name: String, kind: ProviderKind, baseURL: URL?, apiKey: String?, apiKeyVariable: String,
                defaultModel: String = "", think: ThinkControl = .both, thinkOpen: Bool = false) {
        self.think = think
        self.thinkOpen = thinkOpen
        self.name = name
        self.kind = kind
        self.baseURL = baseURL
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.apiKeyVariable = apiKeyVariable
        self.defaultModel = defaultModel
    }

    /// The environment variable that holds a configured provider's key: `LYRA_API_KEY_<NAME>`
    /// (upper case, characters other than letters and digits as `_`).
    public static func keyVariable(for name: String) -> String {
        "LYRA_API_KEY_" + String(name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}
