// Whether the customer has an active subscription, to which product, and until when: the answer of
// `/subscribe status` and of the premium check (SPEC §5: trial, intro, promo, regular, grace).
import Foundation

/// The customer's subscription state at one moment.
public struct SubscriptionStatus: Sendable, Equatable {
    /// The active subscription with the latest expiry, if any.
    public let activeSubscription: ApphudCustomerResponseDTO.Subscription?

    /// The state given by the customer's `subscriptions`.
    public init(subscriptions: [ApphudCustomerResponseDTO.Subscription]) {
        let active = subscriptions.filter(\.isActive)
        activeSubscription = active.max { lhs, rhs in
            (lhs.expiryDate ?? .distantFuture) < (rhs.expiryDate ?? .distantFuture)
        }
    }

    /// True when any subscription is active.
    public var isActive: Bool { activeSubscription != nil }

    /// The active product's id.
    public var productID: String? { activeSubscription?.productID }

    /// The active subscription's expiry, when it parses.
    public var expiresAt: Date? { activeSubscription?.expiryDate }

    /// The expiry as ISO 8601 UTC with milliseconds (`2027-11-29T10:05:00.123Z`), or Apphud's text
    /// when it does not parse; nil when there is no expiry.
    public var expiresAtText: String? {
        guard let subscription = activeSubscription else { return nil }
        guard let date = subscription.expiryDate else { return subscription.expiresAt }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
