// The JSON documents of `/subscribe --json` and `/subscribe status --json` (SPEC §5): prices as
// decimal strings, `weekly_price` and `period` null when there is none.
import Foundation
import LyraKit

/// Encodes the subscription documents, one line each, keys sorted.
enum SubscriptionJSON {
    /// `{"active": bool, "products": [{"product_id", "price", "currency", "period", "weekly_price"}]}`.
    static func paywall(_ overview: SubscriptionService.Overview) throws -> String {
        try encode(PaywallDocument(active: overview.status.isActive,
                                   products: overview.paywall.products.map(ProductDocument.init)))
    }

    /// `{"active": bool, "product_id": string|null, "expires_at": string|null}`.
    static func status(_ status: SubscriptionStatus) throws -> String {
        try encode(StatusDocument(active: status.isActive, productID: status.productID, expiresAt: status.expiresAtText))
    }

    private static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return JSONText.string(from: try encoder.encode(value))
    }

    private struct PaywallDocument: Encodable {
        var active: Bool
        var products: [ProductDocument]
    }

    private struct ProductDocument: Encodable {
        var productID: String
        var price: String
        var currency: String?
        var period: String?
        var weeklyPrice: String?

        init(_ product: PaywallProduct) {
            productID = product.productID
            price = product.formatted(product.price)
            currency = product.currency
            period = product.period?.iso8601
            weeklyPrice = product.weeklyPrice.map(product.formatted)
        }

        enum CodingKeys: String, CodingKey {
            case productID = "product_id", price, currency, period, weeklyPrice = "weekly_price"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(productID, forKey: .productID)
            try container.encode(price, forKey: .price)
            try container.encode(currency, forKey: .currency)
            try container.encode(period, forKey: .period)
            try container.encode(weeklyPrice, forKey: .weeklyPrice)
        }
    }

    private struct StatusDocument: Encodable {
        var active: Bool
        var productID: String?
        var expiresAt: String?

        enum CodingKeys: String, CodingKey {
            case active, productID = "product_id", expiresAt = "expires_at"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(active, forKey: .active)
            try container.encode(productID, forKey: .productID)
            try container.encode(expiresAt, forKey: .expiresAt)
        }
    }
}
