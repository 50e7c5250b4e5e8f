// The body of Apphud's `POST /v1/customers` (SPEC §5), as Apphud's own SDKs send it.
import Foundation

/// Registers or refreshes a customer and asks for its placements and paywalls.
public struct ApphudCustomerRequestDTO: Codable, Equatable, Sendable {
    /// The Apphud API key.
    public var apiKey: String
    /// The user id.
    public var userID: String
    /// The device id (Lyra sends the user id).
    public var deviceID: String
    /// Always true: Lyra needs the paywalls.
    public var needPaywalls: Bool
    /// Always true: Lyra needs the placements.
    public var needPlacements: Bool
    /// True in debug builds.
    public var isDebug: Bool
    /// The user's language code.
    public var locale: String
    /// The time zone identifier, e.g. `Europe/Berlin`.
    public var timeZone: String

    /// Creates the body; the device id is the user id and both `need_*` flags are true.
    public init(apiKey: String, userID: String, isDebug: Bool, locale: String, timeZone: String) {
        self.apiKey = apiKey
        self.userID = userID
        deviceID = userID
        needPaywalls = true
        needPlacements = true
        self.isDebug = isDebug
        self.locale = locale
        self.timeZone = timeZone
    }

    enum CodingKeys: String, CodingKey {
        case apiKey = "api_key"
        case userID = "user_id"
        case deviceID = "device_id"
        case needPaywalls = "need_paywalls"
        case needPlacements = "need_placements"
        case isDebug = "is_debug"
        case locale
        case timeZone = "time_zone"
    }
}
