// Apphud's customer response, `{"data": {"results": CUSTOMER}}`: placements with their paywalls
// (items and the `json` remote-config string) and subscriptions. Missing lists decode as empty.
import Foundation

/// The reply of `POST /v1/customers`.
public struct ApphudCustomerResponseDTO: Codable, Equatable, Sendable {
    /// The `data` wrapper.
    public struct Envelope: Codable, Equatable, Sendable {
        /// The customer.
        public var results: Customer
    }

    /// A customer: placements, paywalls and subscriptions.
    public struct Customer: Codable, Equatable, Sendable {
        /// The placements (each with its paywalls).
        public var placements: [Placement]
        /// All paywalls, outside placements.
        public var paywalls: [Paywall]
        /// The customer's subscriptions.
        public var subscriptions: [Subscription]

        /// Creates a customer.
        public init(placements: [Placement] = [], paywalls: [Paywall] = [], subscriptions: [Subscription] = []) {
            self.placements = placements
            self.paywalls = paywalls
            self.subscriptions = subscriptions
        }

        /// Decodes; an absent or null list is empty.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            placements = try container.decodeIfPresent([Placement].self, forKey: .placements) ?? []
            paywalls = try container.decodeIfPresent([Paywall].self, forKey: .paywalls) ?? []
            subscriptions = try container.decodeIfPresent([Subscription].self, forKey: .subscriptions) ?? []
        }

        /// The placement with `identifier`, if any.
        public func placement(_ identifier: String) -> Placement? {
            placements.first { $0.identifier == identifier }
        }
    }

    /// A placement: an identifier and its paywalls (the first is the placement's paywall).
    public struct Placement: Codable, Equatable, Sendable {
        /// The placement identifier, e.g. `main`.
        public var identifier: String
        /// Its paywalls.
        public var paywalls: [Paywall]

        /// Creates a placement.
        public init(identifier: String, paywalls: [Paywall]) {
            self.identifier = identifier
            self.paywalls = paywalls
        }

        /// Decodes; an absent list of paywalls is empty.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            identifier = try container.decode(String.self, forKey: .identifier)
            paywalls = try container.decodeIfPresent([Paywall].self, forKey: .paywalls) ?? []
        }
    }

    /// A paywall: its products and its remote config (`json`, a string holding JSON).
    public struct Paywall: Codable, Equatable, Sendable {
        /// The paywall identifier.
        public var identifier: String?
        /// The products offered.
        public var items: [Item]
        /// The remote config, a JSON document in a string.
        public var json: String?

        /// Creates a paywall.
        public init(identifier: String? = nil, items: [Item], json: String?) {
            self.identifier = identifier
            self.items = items
            self.json = json
        }

        /// Decodes; absent items are empty and a `json` that is not a string is dropped.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            identifier = try? container.decodeIfPresent(String.self, forKey: .identifier)
            items = try container.decodeIfPresent([Item].self, forKey: .items) ?? []
            json = try? container.decodeIfPresent(String.self, forKey: .json)
        }

        /// The decoded remote config.
        /// - Throws: `APIError.decodingError` when `json` is missing or not a paywall config.
        public func config() throws -> PaywallConfigDTO {
            guard let json, !json.isEmpty else { throw APIError.decodingError("the paywall has no config") }
            do {
                return try JSONDecoder().decode(PaywallConfigDTO.self, from: Data(json.utf8))
            } catch {
                throw APIError.decodingError("the paywall config is not valid")
            }
        }
    }

    /// A paywall product.
    public struct Item: Codable, Equatable, Sendable {
        /// The store product id.
        public var productID: String

        /// Creates an item.
        public init(productID: String) {
            self.productID = productID
        }

        enum CodingKeys: String, CodingKey {
            case productID = "product_id"
        }
    }

    /// A subscription of the customer.
    public struct Subscription: Codable, Equatable, Sendable {
        /// The statuses that count as active.
        public static let activeStatuses: Set<String> = ["trial", "intro", "promo", "regular", "grace"]

        /// The product subscribed to.
        public var productID: String
        /// `trial`, `intro`, `promo`, `regular`, `grace`, `expired`, `refunded`…
        public var status: String
        /// The expiry, as Apphud sends it (ISO 8601).
        public var expiresAt: String?
        /// `autorenewable`, `nonrenewable`…
        public var kind: String?

        /// Creates a subscription.
        public init(productID: String, status: String, expiresAt: String? = nil, kind: String? = nil) {
            self.productID = productID
            self.status = status
            self.expiresAt = expiresAt
            self.kind = kind
        }

        /// True when `status` is one of `activeStatuses` (any case).
        public var isActive: Bool { Self.activeStatuses.contains(status.lowercased()) }

        /// `expiresAt` as a date (with or without fractional seconds), when it parses.
        public var expiryDate: Date? {
            guard let expiresAt else { return nil }
            let withFraction = ISO8601DateFormatter()
            withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return withFraction.date(from: expiresAt) ?? ISO8601DateFormatter().date(from: expiresAt)
        }

        enum CodingKeys: String, CodingKey {
            case productID = "product_id"
            case status
            case expiresAt = "expires_at"
            case kind
        }
    }

    /// The `data` object.
    public var data: Envelope

    /// Wraps a customer.
    public init(customer: Customer) {
        data = Envelope(results: customer)
    }

    /// The customer (`data.results`).
    public var customer: Customer { data.results }
}
