// A placement's paywall as Lyra shows it: its plans in config order, which one is the best value
// (the lowest weekly price), and lookup of a plan by card number or product id.
import Foundation

/// The plans of one placement.
public struct Paywall: Sendable, Equatable {
    /// The placement identifier, e.g. `main`.
    public let placement: String
    /// The plans, in the order of the paywall's config.
    public let products: [PaywallProduct]

    /// Creates a paywall.
    public init(placement: String, products: [PaywallProduct]) {
        self.placement = placement
        self.products = products
    }

    /// The product id of the plan with the lowest weekly price (the first on a tie); nil when fewer
    /// than two plans have a weekly price or their currencies differ, so there is nothing to compare.
    public var bestValueProductID: String? {
        let priced = products.compactMap { product in product.weeklyPrice.map { (product, $0) } }
        guard priced.count >= 2, Set(priced.map { $0.0.currency ?? "" }).count == 1 else { return nil }
        var best = priced[0]
        for candidate in priced.dropFirst() where candidate.1 < best.1 { best = candidate }
        return best.0.productID
    }

    /// The plan named by `reference`: a 1-based card number, or a product id (exact, then ignoring case).
    /// - Throws: `SubscriptionError.unknownProduct` naming the plans on offer.
    public func product(matching reference: String) throws(SubscriptionError) -> PaywallProduct {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed), String(number) == trimmed {
            guard number >= 1, number <= products.count else {
                throw .unknownProduct(trimmed, available: products.map(\.productID))
            }
            return products[number - 1]
        }
        if let exact = products.first(where: { $0.productID == trimmed }) { return exact }
        if let loose = products.first(where: { $0.productID.lowercased() == trimmed.lowercased() }) { return loose }
        throw .unknownProduct(trimmed, available: products.map(\.productID))
    }
}
