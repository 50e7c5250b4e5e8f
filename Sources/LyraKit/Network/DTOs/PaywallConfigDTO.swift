// A paywall's remote config, decoded from its `json` string (SPEC §5): the products with their
// price (a string or a number, kept as decimal text), currency, ISO 8601 period and checkout URL.
import Foundation

/// The products a paywall offers, with prices (there is no store on Linux).
public struct PaywallConfigDTO: Codable, Equatable, Sendable {
    /// One product.
    public struct Product: Codable, Equatable, Sendable {
        /// The product id, e.g. `lyra.weekly`.
        public var productID: String
        /// The price as decimal text, e.g. `4.99`.
        public var price: String
        /// The ISO 4217 currency code.
        public var currency: String?
        /// The ISO 8601 period (`P1W`, `P1M`…); nil for lifetime.
        public var period: String?
        /// Where the purchase is made.
        public var checkoutURL: String?

        /// Creates a product.
        public init(productID: String, price: String, currency: String?, period: String? = nil,
                    checkoutURL: String? = nil) {
            self.productID = productID
            self.price = price
            self.currency = currency
            self.period = period
            self.checkoutURL = checkoutURL
        }

        enum CodingKeys: String, CodingKey {
            case productID = "product_id"
            case price, currency, period
            case checkoutURL = "checkout_url"
        }

        /// Decodes; `price` may be a JSON string or number and is kept as decimal text.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            productID = try container.decode(String.self, forKey: .productID)
            if let text = try? container.decode(String.self, forKey: .price) {
                price = text.trimmingCharacters(in: .whitespaces)
            } else {
                price = try container.decode(Decimal.self, forKey: .price).description
            }
            currency = try? container.decodeIfPresent(String.self, forKey: .currency)
            period = try? container.decodeIfPresent(String.self, forKey: .period)
            checkoutURL = try? container.decodeIfPresent(String.self, forKey: .checkoutURL)
        }
    }

    /// The products, in config order.
    public var products: [Product]

    /// Creates a config.
    public init(products: [Product]) {
        self.products = products
    }
}
