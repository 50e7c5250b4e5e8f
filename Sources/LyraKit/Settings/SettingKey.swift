// Every configurable setting of SPEC §3: its config.json name, its environment variable,
// whether it is a secret (credentials file only) and what kind of value it takes.
import Foundation

/// A setting Lyra reads from flags, the environment, config.json or the credentials file.
public enum SettingKey: String, CaseIterable, Sendable, Hashable {
    case baseURL, token, userID, appID, locale, apphudURL, apphudAPIKey, placement
    case videoDirectory, videoPollInterval, videoMaxPolls, purchasePollInterval, purchaseTimeout
    case premium, allowInsecureHTTP, rateURL, ratePromptEnabled
    case model, writingModel, contextMessages, render
    case contextTokens

    /// The kind of value a setting takes, which decides how it is validated and stored.
    public enum ValueKind: Sendable, Equatable {
        /// An http or https URL.
        case url
        /// Any non-empty text.
        case text
        /// A directory path.
        case path
        /// A number of seconds greater than zero.
        case positiveSeconds
        /// A whole number greater than zero.
        case positiveInteger
        /// `1`/`0`/`true`/`false`.
        case boolean
        /// A whole number, 0 or more.
        case nonNegativeInteger
        /// `markdown` or `plain`.
        case renderMode
    }

    /// The key's name in config.json (and in `/settings set`).
    public var configName: String { rawValue }

    /// The environment variable that sets it.
    public var environmentVariable: String {
        switch self {
        case .baseURL: return "LYRA_BASE_URL"
        case .token: return "LYRA_TOKEN"
        case .userID: return "LYRA_USER_ID"
        case .appID: return "LYRA_APP_ID"
        case .locale: return "LYRA_LOCALE"
        case .apphudURL: return "LYRA_APPHUD_URL"
        case .apphudAPIKey: return "LYRA_APPHUD_API_KEY"
        case .placement: return "LYRA_PLACEMENT"
        case .videoDirectory: return "LYRA_VIDEO_DIR"
        case .videoPollInterval: return "LYRA_VIDEO_POLL_INTERVAL"
        case .videoMaxPolls: return "LYRA_VIDEO_MAX_POLLS"
        case .purchasePollInterval: return "LYRA_PURCHASE_POLL_INTERVAL"
        case .purchaseTimeout: return "LYRA_PURCHASE_TIMEOUT"
        case .premium: return "LYRA_PREMIUM"
        case .allowInsecureHTTP: return "LYRA_ALLOW_INSECURE_HTTP"
        case .rateURL: return "LYRA_RATE_URL"
        case .ratePromptEnabled: return "LYRA_RATE_PROMPT"
        case .model: return "LYRA_MODEL"
        case .writingModel: return "LYRA_WRITING_MODEL"
        case .contextMessages: return "LYRA_CONTEXT_MESSAGES"
        case .render: return "LYRA_RENDER"
        case .contextTokens: return "LYRA_CONTEXT_TOKENS"
        }
    }

    /// True for secrets, which live only in the credentials file (or the environment).
    public var isSecret: Bool { self == .token || self == .apphudAPIKey }

    /// How the value is validated.
    public var valueKind: ValueKind {
        switch self {
        case .baseURL, .apphudURL, .rateURL: return .url
        case .token, .userID, .appID, .locale, .apphudAPIKey, .placement, .model, .writingModel: return .text
        case .videoDirectory: return .path
        case .videoPollInterval, .purchasePollInterval, .purchaseTimeout: return .positiveSeconds
        case .videoMaxPolls, .contextTokens: return .positiveInteger
        case .premium, .allowInsecureHTTP, .ratePromptEnabled: return .boolean
        case .contextMessages: return .nonNegativeInteger
        case .render: return .renderMode
        }
    }

    /// Finds a key by its config name, ignoring case (`baseurl` finds `baseURL`).
    public init?(configName: String) {
        guard let key = Self.allCases.first(where: { $0.configName.lowercased() == configName.lowercased() }) else {
            return nil
        }
        self = key
    }
}
