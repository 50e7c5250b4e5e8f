// One plan of the paywall with its price from the remote config, and SPEC §5's weekly price:
// price ÷ weeks in the period, in Decimal arithmetic, rounded down to the currency's minor units.
import Foundation

/// A plan the paywall offers.
public struct PaywallProduct: Sendable, Equatable {
    /// The store product id, e.g. `lyra.yearly`.
    public let productID: String
    /// The price.
    public let price: Decimal
    /// The ISO 4217 currency code, upper-cased; nil when the config gives none.
    public let currency: String?
    /// The billing period; nil for a lifetime (one-time) purchase.
    public let period: SubscriptionPeriod?
    /// Where the purchase is completed.
    public let checkoutURL: URL?

    /// Creates a product.
    public init(productID: String, price: Decimal, currency: String?, period: SubscriptionPeriod?, checkoutURL: URL? = nil) {
        self.productID = productID
        self.price = price
        self.currency = currency?.uppercased()
        self.period = period
        self.checkoutURL = checkoutURL
    }

    /// A product from its remote-config entry.
    /// - Throws: `SubscriptionError.invalidPaywall` when the price is not a non-negative decimal
    ///   number or the period is not an ISO 8601 period.
    public init(config: PaywallConfigDTO.Product) throws(SubscriptionError) {
        guard let price = Self.parseDecimal(config.price) else {
            throw .invalidPaywall("the price '\(config.price)' of \(config.productID) is not a decimal number")
        }
        var period: SubscriptionPeriod?
        if let text = config.period, !text.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let parsed = SubscriptionPeriod(iso8601: text) else {
                throw .invalidPaywall("the period '\(text)' of \(config.productID) is not an ISO 8601 period")
            }
            period = parsed
        }
        let currency = config.currency.flatMap { $0.isEmpty ? nil : $0 }
        self.init(productID: config.productID, price: price, currency: currency, period: period,
                  checkoutURL: config.checkoutURL.flatMap { URL(string: $0) })
    }

    /// The digits after the decimal point of `currency`: 0 for JPY and KRW, 2 otherwise.
    public static func minorUnits(of currency: String?) -> Int {
        switch currency?.uppercased() {
        case "JPY", "KRW": 0
        default: 2
        }
    }

    /// The digits after the decimal point of this product's currency.
    public var minorUnits: Int { Self.minorUnits(of: currency) }

    /// The price per week, rounded down to the currency's minor units; nil without a period.
    public var weeklyPrice: Decimal? {
        guard let period, period.weeksIn84ths > 0 else { return nil }
        // price ÷ (n/84) = price × 84 ÷ n: one exact multiplication and one division.
        var exact = price * Decimal(84) / Decimal(period.weeksIn84ths)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, minorUnits, .down)
        return rounded
    }

    /// `amount` as decimal text with at least this currency's minor digits, e.g. `5.00`, `0.95`, `230`.
    public func formatted(_ amount: Decimal) -> String {
        Self.format(amount, minorUnits: minorUnits)
    }

    /// `amount` as plain decimal text (`.` separator) padded to `minorUnits` fraction digits.
    public static func format(_ amount: Decimal, minorUnits: Int) -> String {
        let text = amount.description
        let parts = text.split(separator: ".", maxSplits: 1)
        let whole = parts.first.map(String.init) ?? "0"
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        guard minorUnits > 0 || !fraction.isEmpty else { return whole }
        let padded = fraction + String(repeating: "0", count: max(minorUnits - fraction.count, 0))
        return whole + "." + padded
    }

    /// Parses `12`, `4.99` or `0.5` (no sign, exponent or grouping); nil otherwise.
    static func parseDecimal(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 15,
              whole.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= 10, fraction.allSatisfy({ ("0"..."9").contains($0) }) else {
                return nil
            }
        }
        return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
    }
}
