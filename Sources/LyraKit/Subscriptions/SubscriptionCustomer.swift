// An Apphud customer as the subscription service uses it: the paywall of a placement (prices from
// the paywall's remote config) and the subscription status.
import Foundation

/// The customer record returned by Apphud.
public struct SubscriptionCustomer: Sendable, Equatable {
    /// The decoded `data.results`.
    public let record: ApphudCustomerResponseDTO.Customer

    /// Wraps a decoded customer.
    public init(record: ApphudCustomerResponseDTO.Customer) {
        self.record = record
    }

    /// The subscription status.
    public var status: SubscriptionStatus { SubscriptionStatus(subscriptions: record.subscriptions) }

    /// True when a subscription to `productID` is active.
    public func isActive(_ productID: String) -> Bool {
        record.subscriptions.contains { $0.productID == productID && $0.isActive }
    }

    /// The paywall of `placement`: its first paywall's remote-config products.
    /// - Throws: `SubscriptionError.placementNotFound`, or `.invalidPaywall` when the placement has
    ///   no paywall or its config is missing or malformed.
    public func paywall(placement: String) throws(SubscriptionError) -> Paywall {
        guard let found = record.placement(placement) else {
            throw .placementNotFound(placement, available: record.placements.map(\.identifier))
        }
        guard let first = found.paywalls.first else {
            throw .invalidPaywall("placement '\(placement)' has no paywall")
        }
        return Paywall(placement: placement, products: try Self.products(of: first))
    }

    /// The remote-config product `productID` from any paywall of the customer (placements first).
    /// - Throws: `SubscriptionError.unknownProduct` when no paywall offers it.
    public func product(_ productID: String) throws(SubscriptionError) -> PaywallProduct {
        let paywalls = record.placements.flatMap(\.paywalls) + record.paywalls
        for paywall in paywalls {
            guard let config = try? paywall.config(),
                  let entry = config.products.first(where: { $0.productID == productID }) else { continue }
            return try PaywallProduct(config: entry)
        }
        throw .unknownProduct(productID, available: [])
    }

    private static func products(of paywall: ApphudCustomerResponseDTO.Paywall) throws(SubscriptionError) -> [PaywallProduct] {
        let config: PaywallConfigDTO
        do {
            config = try paywall.config()
        } catch {
            throw .invalidPaywall("the paywall's config is missing or not valid JSON")
        }
        return try config.products.map { entry throws(SubscriptionError) in try PaywallProduct(config: entry) }
    }
}
