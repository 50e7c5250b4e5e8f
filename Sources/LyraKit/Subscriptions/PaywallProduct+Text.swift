// The words for a plan, decided here for every front end: its name from the product id, its price
// with the period in words, its weekly price. Server text is sanitised; the terminal only lays it out.
import Foundation

extension PaywallProduct {
    /// The plan's display name from its product id: `lyra.yearly` → `Yearly`, `pro_annual` → `Pro Annual`.
    public var displayName: String {
        let id = TextSanitizer.singleLine(productID)
        let last = id.split(separator: ".").last.map(String.init) ?? id
        let words = last.split { $0 == "_" || $0 == "-" || $0 == " " }.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return words.isEmpty ? id : words.joined(separator: " ")
    }

    /// `49.99 USD per year`, `29.99 USD per 3 months`, `99.99 USD once`.
    public var priceText: String {
        let amount = moneyText(price)
        guard let period else { return amount + " once" }
        return amount + " per " + period.words
    }

    /// `0.95 USD a week`; nil without a weekly price.
    public var weeklyPriceText: String? {
        weeklyPrice.map { moneyText($0) + " a week" }
    }

    /// An amount with this product's currency, e.g. `4.99 USD`.
    public func moneyText(_ amount: Decimal) -> String {
        let number = formatted(amount)
        guard let currency else { return number }
        return number + " " + TextSanitizer.singleLine(currency)
    }
}
