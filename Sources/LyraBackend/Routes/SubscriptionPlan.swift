// The plans of the emulated Apphud placement `main`: weekly, monthly and yearly.

import Foundation

/// One purchasable product of the demo paywall.
struct SubscriptionPlan: Sendable, Equatable {
    let productID: String
    let price: String
    let currency: String
    /// ISO 8601 period, e.g. `P1W`.
    let period: String
    /// How long a purchase stays active.
    let duration: DateComponents

    /// The plans, in the paywall's order.
    static let catalog: [SubscriptionPlan] = [
        SubscriptionPlan(productID: "lyra.weekly", price: "4.99", currency: "USD", period: "P1W",
                         duration: DateComponents(day: 7)),
        SubscriptionPlan(productID: "lyra.monthly", price: "12.99", currency: "USD", period: "P1M",
                         duration: DateComponents(month: 1)),
        SubscriptionPlan(productID: "lyra.yearly", price: "49.99", currency: "USD", period: "P1Y",
                         duration: DateComponents(year: 1)),
    ]

    /// The end of a purchase made at `start`.
    func expiry(after start: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(byAdding: duration, to: start) ?? start.addingTimeInterval(7 * 86_400)
    }

    /// The product entry of the paywall's remote config.
    func remoteConfigJSON(checkoutURL: String) -> JSONValue {
        .object([
            ("product_id", .string(productID)),
            ("price", .string(price)),
            ("currency", .string(currency)),
            ("period", .string(period)),
            ("checkout_url", .string(checkoutURL)),
        ])
    }
}
