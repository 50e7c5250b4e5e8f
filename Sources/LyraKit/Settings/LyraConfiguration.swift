// The effective configuration: every setting of SPEC §3 resolved to a typed value, with
// where each value came from, and display text for `/settings` (secrets masked).
import Foundation

/// Lyra's resolved settings. Build one with `ConfigurationLoader.load()`, or directly in tests.
public struct LyraConfiguration: Sendable, Equatable {
    /// The default app id.
    public static let defaultAppID = "lyra.cli"
    /// The default Apphud gateway.
    // A constant, valid URL: the fallback is never taken.
    public static let defaultApphudURL = URL(string: "https://gateway.apphud.com") ?? URL(filePath: "/")
    /// The default placement identifier.
    public static let defaultPlacement = "main"

    /// The app backend's base URL; nil when not configured.
    public var baseURL: URL?
    /// The backend bearer token.
    public var token: String?
    /// The user id sent with every request.
    public var userID: String
    /// The app id sent with every request.
    public var appID: String
    /// The language code sent with chat turns, e.g. `ru`.
    public var locale: String
    /// The Apphud REST gateway.
    public var apphudURL: URL
    /// The Apphud API key.
    public var apphudAPIKey: String?
    /// The Apphud placement whose paywall is shown.
    public var placement: String
    /// Where videos are saved.
    public var videoDirectory: URL
    /// Seconds between video status polls.
    public var videoPollInterval: Double
    /// Maximum number of video status polls.
    public var videoMaxPolls: Int
    /// Seconds between customer polls while a purchase is pending.
    public var purchasePollInterval: Double
    /// Seconds before a pending purchase gives up.
    public var purchaseTimeout: Double
    /// Forced premium state; nil means "ask Apphud" (the caller decides the debug-build default).
    public var premium: Bool?
    /// Allow plain http:// to non-loopback hosts.
    public var allowInsecureHTTP: Bool
    /// Where a rate prompt sends the user; nil when there is none.
    public var rateURL: URL?
    /// Whether the rate prompt may be shown.
    public var ratePromptEnabled: Bool
    /// The model setting (`PROVIDER:MODEL` or a bare model), when one is configured.
    public var model: String?
    /// The model `/improve` uses, when configured.
    public var writingModel: String?
    /// How many earlier messages a model receives (0: all of them).
    public var contextMessages: Int = 0
    /// How replies are shown on a terminal.
    public var render: RenderMode = .markdown
    /// Providers from config.json's `providers` object, by name.
    public var providers: [String: ProviderSettings] = [:]
    /// Named system prompts from config.json's `roles` object.
    public var roles: [String: String] = [:]
    /// Per-model settings from config.json's `models` object, by model name (SPEC §12).
    public var models: [String: ModelSettings] = [:]
    /// The most tokens of history and prompt a chat request carries (`contextTokens`); nil: 90 % of
    /// the model's window when it is known, else no limit (SPEC §12).
    public var contextTokens: Int?
    /// API keys of providers from the credentials file, by provider name.
    public var providerKeys: [String: String] = [:]
    /// Where each value came from; keys not listed came from `.default`.
    public var sources: [SettingKey: SettingSource]

    /// Creates a configuration; every value but the user id has its SPEC §3 default.
    public init(
        userID: String, baseURL: URL? = nil, token: String? = nil, appID: String = defaultAppID,
        locale: String = "en", apphudURL: URL = defaultApphudURL, apphudAPIKey: String? = nil,
        placement: String = defaultPlacement, videoDirectory: URL = URL(filePath: ".", directoryHint: .isDirectory),
        videoPollInterval: Double = 3, videoMaxPolls: Int = 40, purchasePollInterval: Double = 2,
        purchaseTimeout: Double = 300, premium: Bool? = nil, allowInsecureHTTP: Bool = false,
        rateURL: URL? = nil, ratePromptEnabled: Bool = true, sources: [SettingKey: SettingSource] = [:]
    ) {
        self.userID = userID
        self.baseURL = baseURL
        self.token = token
        self.appID = appID
        self.locale = locale
        self.apphudURL = apphudURL
        self.apphudAPIKey = apphudAPIKey
        self.placement = placement
        self.videoDirectory = videoDirectory
        self.videoPollInterval = videoPollInterval
        self.videoMaxPolls = videoMaxPolls
        self.purchasePollInterval = purchasePollInterval
        self.purchaseTimeout = purchaseTimeout
        self.premium = premium
        self.allowInsecureHTTP = allowInsecureHTTP
        self.rateURL = rateURL
        self.ratePromptEnabled = ratePromptEnabled
        self.sources = sources
    }

    /// Where the value of `key` came from.
    public func source(of key: SettingKey) -> SettingSource {
        sources[key] ?? .default
    }

    /// The value of `key` as `/settings` shows it: secrets masked, unset values as `(not set)`.
    public func displayValue(of key: SettingKey) -> String {
        switch key {
        case .baseURL: return baseURL.map(SecretText.displayURL) ?? "(not set)"
        case .token: return token.map(Self.maskedSecret) ?? "(not set)"
        case .userID: return userID
        case .appID: return appID
        case .locale: return locale
        case .apphudURL: return SecretText.displayURL(apphudURL)
        case .apphudAPIKey: return apphudAPIKey.map(Self.maskedSecret) ?? "(not set)"
        case .placement: return placement
        case .videoDirectory: return videoDirectory.path
        case .videoPollInterval: return Self.number(videoPollInterval)
        case .videoMaxPolls: return String(videoMaxPolls)
        case .purchasePollInterval: return Self.number(purchasePollInterval)
        case .purchaseTimeout: return Self.number(purchaseTimeout)
        case .premium: return premium.map { $0 ? "true" : "false" } ?? "(from Apphud)"
        case .allowInsecureHTTP: return allowInsecureHTTP ? "true" : "false"
        case .rateURL: return rateURL.map(SecretText.displayURL) ?? "(not set)"
        case .ratePromptEnabled: return ratePromptEnabled ? "true" : "false"
        case .model: return model ?? "(not set)"
        case .writingModel: return writingModel ?? "(the current model)"
        case .contextTokens: return contextTokens.map(String.init) ?? "(90% of the model's window)"
        case .contextMessages: return contextMessages == 0 ? "0 (all)" : String(contextMessages)
        case .render: return render.rawValue
        }
    }

    /// A secret as `••••` plus its last 4 characters; secrets of 8 characters or fewer show only `••••`.
    public static func maskedSecret(_ secret: String) -> String {
        secret.count > 8 ? "••••" + secret.suffix(4) : "••••"
    }

    private static func number(_ value: Double) -> String {
        ConfigValue.number(value).text
    }
}
