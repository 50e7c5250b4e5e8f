// What the API client needs from the configuration: a validated base URL (https, or http to
// loopback unless allowed), the token, and the ids sent with every request.
import Foundation

/// The connection settings of an `APIClient`, validated when created.
public struct APIConfig: Sendable, Equatable {
    /// The backend's base URL (may carry a path prefix).
    public let baseURL: URL
    /// The bearer token, when there is one.
    public let token: String?
    /// Sent as `user_id`.
    public let userID: String
    /// Sent as `app_id`.
    public let appID: String
    /// Sent as `locale` with chat turns.
    public let locale: String
    /// Whether plain http:// to non-loopback hosts is allowed (also for absolute download URLs).
    public let allowInsecureHTTP: Bool

    /// Validates and stores the settings.
    /// - Throws: `APIError.missingBaseURL`, `.invalidURL`, or `.insecureURL(host)`.
    public init(
        baseURL: URL?, token: String?, userID: String, appID: String = LyraConfiguration.defaultAppID,
        locale: String = "en", allowInsecureHTTP: Bool = false
    ) throws(APIError) {
        guard let baseURL else { throw .missingBaseURL }
        try BaseURLPolicy(allowInsecureHTTP: allowInsecureHTTP).validate(baseURL)
        self.baseURL = baseURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.userID = userID
        self.appID = appID
        self.locale = locale
        self.allowInsecureHTTP = allowInsecureHTTP
    }

    /// The API settings of a loaded configuration.
    /// - Throws: as `init(baseURL:token:userID:appID:locale:allowInsecureHTTP:)`.
    public init(configuration: LyraConfiguration) throws(APIError) {
        try self.init(
            baseURL: configuration.baseURL, token: configuration.token, userID: configuration.userID,
            appID: configuration.appID, locale: configuration.locale,
            allowInsecureHTTP: configuration.allowInsecureHTTP)
    }
}
