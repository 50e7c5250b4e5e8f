// SPEC §5's weekly price: price ÷ weeks in the period, Decimal arithmetic, rounded down to the
// currency's minor units. Every expected value is worked out by hand in the comments.
import Foundation
import Testing
@testable import LyraKit

private func weekly(_ price: String, _ currency: String?, _ period: String?) throws -> String? {
    let product = try PaywallProduct(config: .init(productID: "p", price: price, currency: currency, period: period))
    return product.weeklyPrice.map(product.formatted)
}

@Suite struct PaywallProductTests {
    @Test func daysCountAsSeventhsOfAWeek() throws {
        // P3D = 3/7 week: 1.99 ÷ 3/7 = 1.99 × 7 / 3 = 13.93 / 3 = 4.6433… → 4.64
        #expect(try weekly("1.99", "USD", "P3D") == "4.64")
        // P7D = 1 week exactly (7n days count as n weeks): 4.99
        #expect(try weekly("4.99", "USD", "P7D") == "4.99")
        // P14D = 2 weeks: 9.99 / 2 = 4.995 → rounded down 4.99
        #expect(try weekly("9.99", "USD", "P14D") == "4.99")
    }

    @Test func aWeekIsOneWeek() throws {
        #expect(try weekly("4.99", "USD", "P1W") == "4.99")
        // P2W: 7.99 / 2 = 3.995 → 3.99 (down, not to nearest)
        #expect(try weekly("7.99", "USD", "P2W") == "3.99")
    }

    @Test func monthsAre365Over12Over7Weeks() throws {
        // P1M = 365/84 weeks: 12.99 × 84 / 365 = 1091.16 / 365 = 2.98947… → 2.98
        #expect(try weekly("12.99", "USD", "P1M") == "2.98")
        // P3M = 1095/84 weeks: 29.99 × 84 / 1095 = 2519.16 / 1095 = 2.30060… → 2.30
        #expect(try weekly("29.99", "USD", "P3M") == "2.30")
        // P6M = 2190/84 weeks: 39.99 × 84 / 2190 = 3359.16 / 2190 = 1.53386… → 1.53
        #expect(try weekly("39.99", "EUR", "P6M") == "1.53")
    }

    @Test func yearsAre365Over7Weeks() throws {
        // The spec's example. P1Y = 365/7 weeks: 49.99 × 7 / 365 = 349.93 / 365 = 0.958712… → 0.95
        #expect(try weekly("49.99", "USD", "P1Y") == "0.95")
        // P12M counts as one year: the same 0.95
        #expect(try weekly("49.99", "USD", "P12M") == "0.95")
        // P2Y = 730/7 weeks: 99.99 × 7 / 730 = 699.93 / 730 = 0.958808… → 0.95
        #expect(try weekly("99.99", "USD", "P2Y") == "0.95")
    }

    @Test func roundsDownToTheCurrencysMinorUnits() throws {
        // JPY has no minor units. P1M: 1000 × 84 / 365 = 84000 / 365 = 230.136… → 230
        #expect(try weekly("1000", "JPY", "P1M") == "230")
        // KRW likewise. P1Y: 52000 × 7 / 365 = 364000 / 365 = 997.26… → 997
        #expect(try weekly("52000", "krw", "P1Y") == "997")
        // No currency: 2 digits. P1W: 5 → 5.00
        #expect(try weekly("5", nil, "P1W") == "5.00")
    }

    @Test func lifetimeHasNoWeeklyPrice() throws {
        #expect(try weekly("99.99", "USD", nil) == nil)
        #expect(try weekly("99.99", "USD", "") == nil)
    }

    @Test func badPricesAndPeriodsAreRefusedWithTheirValues() {
        #expect(throws: SubscriptionError.invalidPaywall("the price 'free' of p is not a decimal number")) {
            try weekly("free", "USD", "P1W")
        }
        #expect(throws: SubscriptionError.invalidPaywall("the price '-1' of p is not a decimal number")) {
            try weekly("-1", "USD", "P1W")
        }
        #expect(throws: SubscriptionError.invalidPaywall("the period 'monthly' of p is not an ISO 8601 period")) {
            try weekly("1", "USD", "monthly")
        }
    }

    @Test func periodsParseAndNormalize() {
        #expect(SubscriptionPeriod(iso8601: "P7D") == SubscriptionPeriod(count: 1, unit: .week))
        #expect(SubscriptionPeriod(iso8601: "p24m") == SubscriptionPeriod(count: 2, unit: .year))
        #expect(SubscriptionPeriod(iso8601: "P3M")?.words == "3 months")
        #expect(SubscriptionPeriod(iso8601: "P1Y")?.words == "year")
        for bad in ["P0D", "PT1H", "P", "1W", "P1.5M", "P-1W", "P1Y6M"] {
            #expect(SubscriptionPeriod(iso8601: bad) == nil, "\(bad)")
        }
    }

    @Test func bestValueIsTheLowestWeeklyPrice() throws {
        let products = try [("w", "4.99", "P1W"), ("y", "49.99", "P1Y"), ("m", "12.99", "P1M"), ("l", "199", nil)].map {
            try PaywallProduct(config: .init(productID: $0.0, price: $0.1, currency: "USD", period: $0.2))
        }
        let paywall = Paywall(placement: "main", products: products)
        #expect(paywall.bestValueProductID == "y")
        #expect(Paywall(placement: "main", products: [products[0]]).bestValueProductID == nil)
        #expect(try paywall.product(matching: "2").productID == "y")
        #expect(try paywall.product(matching: "M").productID == "m")
        #expect(throws: SubscriptionError.unknownProduct("5", available: ["w", "y", "m", "l"])) {
            try paywall.product(matching: "5")
        }
        #expect(throws: SubscriptionError.unknownProduct("0", available: ["w", "y", "m", "l"])) {
            try paywall.product(matching: "0")
        }
    }
}
