// The paywall as users see it: cards (box geometry, best-value gradient border, active mark),
// plain script lines, plan names from product ids, and the JSON documents of SPEC §5.
import Foundation
import Testing
import LyraKit
@testable import LyraTerminal

private func product(_ id: String, _ price: String, _ currency: String? = "USD", period: String?) throws -> PaywallProduct {
    try PaywallProduct(config: .init(productID: id, price: price, currency: currency, period: period,
                                     checkoutURL: "https://pay.example/\(id)"))
}

private func overview(active: String? = nil) throws -> SubscriptionService.Overview {
    let products = try [product("lyra.weekly", "4.99", period: "P1W"), product("lyra.monthly", "12.99", period: "P1M"),
                        product("lyra.yearly", "49.99", period: "P1Y"), product("lyra.lifetime", "199", period: nil)]
    let subscriptions = active.map { [ApphudCustomerResponseDTO.Subscription(
        productID: $0, status: "trial", expiresAt: "2027-11-29T10:05:00.123Z")] } ?? []
    return SubscriptionService.Overview(paywall: Paywall(placement: "main", products: products),
                                        status: SubscriptionStatus(subscriptions: subscriptions))
}

@Suite struct PaywallRenderingTests {
    @Test func aWeeklyPlanCardDoesNotRepeatItsPriceAsAWeeklyPrice() throws {
        let products = try overview().paywall.products
        #expect(PaywallPresenter.cardWeeklyText(products[0]) == nil)
        #expect(PaywallPresenter.cardWeeklyText(products[1]) == "2.98 USD a week")
        #expect(products[0].weeklyPriceText == "4.99 USD a week")
    }

    @Test func aPlainCardIsABoxWithTheTitleInTheTopBorder() {
        let plan = PaywallCard.Plan(title: "2 · Monthly", price: "12.99 USD per month", weekly: "2.98 USD a week",
                                    isBestValue: false, activeNote: nil)
        let lines = PaywallCard.render(plan, width: 30, theme: .plain).split(separator: "\n").map(String.init)
        #expect(lines == [
            "╭─ 2 · Monthly ──────────────╮",
            "│ 12.99 USD per month        │",
            "│ 2.98 USD a week            │",
            "╰────────────────────────────╯",
        ])
    }

    @Test func cardsAreAtMostThePreferredWidthAndMarkBestValueAndActive() {
        let plan = PaywallCard.Plan(title: "3 · Yearly", price: "49.99 USD per year", weekly: "0.95 USD a week",
                                    isBestValue: true, activeNote: "active until 2027-11-29 10:05 UTC")
        let lines = PaywallCard.render(plan, width: 200, theme: .plain).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) == PaywallCard.preferredWidth })
        #expect(lines.contains { $0.contains("★ best value") })
        #expect(lines.contains { $0.contains("✓ active until 2027-11-29 10:05 UTC") })
    }

    @Test func theBestCardHasAGradientBorderAndOthersAMutedOne() {
        let theme = Theme(colorLevel: .trueColor)
        let best = PaywallCard.Plan(title: "3 · Yearly", price: "49.99 USD per year", weekly: nil, isBestValue: true, activeNote: nil)
        let plain = PaywallCard.Plan(title: "1 · Weekly", price: "4.99 USD per week", weekly: nil, isBestValue: false, activeNote: nil)
        let bestTop = PaywallCard.render(best, width: 40, theme: theme).split(separator: "\n")[0]
        // Starts in brand violet and reaches brand orange by the corner.
        #expect(bestTop.hasPrefix("\u{1B}[38;2;139;92;246m╭"))
        #expect(bestTop.contains("\u{1B}[38;2;249;115;22m"))
        let plainTop = PaywallCard.render(plain, width: 40, theme: theme).split(separator: "\n")[0]
        #expect(plainTop.hasPrefix(theme.openingSequence(for: .muted) + "╭─ "))
        #expect(plainTop.contains(theme.paint("1 · Weekly", .heading)))
        #expect(!plainTop.contains("38;2;249;115;22"))
    }

    @Test func narrowTerminalsGetTheTextWithoutABox() {
        let plan = PaywallCard.Plan(title: "1 · Weekly", price: "4.99 USD", weekly: nil, isBestValue: false, activeNote: nil)
        #expect(PaywallCard.render(plan, width: 12, theme: .plain) == "1 · Weekly\n4.99 USD")
    }

    @Test func scriptLinesListEveryPlanWithMarks() throws {
        #expect(PaywallPresenter.plainLines(try overview(active: "lyra.monthly")) == [
            "subscription: active: Monthly (lyra.monthly) until 2027-11-29 10:05 UTC",
            "1. Weekly (lyra.weekly): 4.99 USD per week, 4.99 USD a week",
            "2. Monthly (lyra.monthly): 12.99 USD per month, 2.98 USD a week [active]",
            "3. Yearly (lyra.yearly): 49.99 USD per year, 0.95 USD a week [best value]",
            "4. Lifetime (lyra.lifetime): 199.00 USD once",
        ])
    }

    @Test func interactiveCardsNumberThePlans() throws {
        let text = PaywallPresenter.cards(try overview(), width: 80, theme: .plain)
        #expect(text.hasPrefix("Lyra Premium\nnot subscribed\n"))
        for title in ["1 · Weekly", "2 · Monthly", "3 · Yearly", "4 · Lifetime"] { #expect(text.contains("╭─ \(title) ")) }
        #expect(text.components(separatedBy: "★ best value").count == 2)
    }

    @Test func namesComeFromProductIDsAndServerTextIsSanitized() throws {
        #expect(try product("com.app.pro_annual", "1", period: "P1Y").displayName == "Pro Annual")
        #expect(try product("weekly-plan", "1", period: "P1W").displayName == "Weekly Plan")
        let hostile = try product("evil\u{1B}]0;pwned\u{7}.x", "1", "U\u{1B}[2JSD", period: "P3D")
        let line = hostile.priceText + PaywallPresenter.planLabel(hostile.productID, paywall: nil)
        #expect(!line.contains("\u{1B}"))
        #expect(!line.contains("\u{7}"))
    }

    @Test func paywallJSONHasDecimalStringsAndNulls() throws {
        let json = try SubscriptionJSON.paywall(try overview())
        #expect(json == #"{"active":false,"products":["#
            + #"{"currency":"USD","period":"P1W","price":"4.99","product_id":"lyra.weekly","weekly_price":"4.99"},"#
            + #"{"currency":"USD","period":"P1M","price":"12.99","product_id":"lyra.monthly","weekly_price":"2.98"},"#
            + #"{"currency":"USD","period":"P1Y","price":"49.99","product_id":"lyra.yearly","weekly_price":"0.95"},"#
            + #"{"currency":"USD","period":null,"price":"199.00","product_id":"lyra.lifetime","weekly_price":null}]}"#)
    }

    @Test func statusJSONNamesTheProductAndExpiry() throws {
        #expect(try SubscriptionJSON.status(try overview(active: "lyra.yearly").status)
            == #"{"active":true,"expires_at":"2027-11-29T10:05:00.123Z","product_id":"lyra.yearly"}"#)
        #expect(try SubscriptionJSON.status(try overview().status) == #"{"active":false,"expires_at":null,"product_id":null}"#)
    }
}
