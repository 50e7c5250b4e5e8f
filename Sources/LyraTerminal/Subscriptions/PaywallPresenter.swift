// Lays out the paywall and the subscription status as `/subscribe` prints them: plain lines for
// scripts and cards for the terminal (the plans' names and prices come from LyraKit).
import Foundation
import LyraKit

/// Text for the paywall and status (all server text sanitized).
enum PaywallPresenter {
    /// The card's weekly line: none for a one-week plan, whose price line already says it.
    static func cardWeeklyText(_ product: PaywallProduct) -> String? {
        product.period?.words == "week" ? nil : product.weeklyPriceText
    }

    /// The expiry as `2027-11-29 10:05 UTC`, Apphud's own text when it does not parse, nil without one.
    static func expiryText(_ status: SubscriptionStatus) -> String? {
        guard let date = status.expiresAt else { return status.expiresAtText.map { TextSanitizer.singleLine($0) } }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// One line: `active: Yearly (lyra.yearly) until 2027-11-29 10:05 UTC` or `not subscribed`.
    static func statusLine(_ status: SubscriptionStatus, paywall: Paywall?) -> String {
        guard let productID = status.productID else { return "not subscribed" }
        var line = "active: " + planLabel(productID, paywall: paywall)
        if let expiry = expiryText(status) { line += " until " + expiry }
        return line
    }

    /// `Yearly (lyra.yearly)`, or the bare id when the paywall does not offer it.
    static func planLabel(_ productID: String, paywall: Paywall?) -> String {
        let id = TextSanitizer.singleLine(productID)
        guard let product = paywall?.products.first(where: { $0.productID == productID }) else { return id }
        return product.displayName + " (" + id + ")"
    }

    /// Script output: the status line, then one line per plan, e.g.
    /// `3. Yearly (lyra.yearly): 49.99 USD per year, 0.95 USD a week [best value] [active]`.
    static func plainLines(_ overview: SubscriptionService.Overview) -> [String] {
        let best = overview.paywall.bestValueProductID
        var lines = ["subscription: " + statusLine(overview.status, paywall: overview.paywall)]
        for (index, product) in overview.paywall.products.enumerated() {
            var line = "\(index + 1). " + planLabel(product.productID, paywall: overview.paywall) + ": " + product.priceText
            if let weekly = product.weeklyPriceText { line += ", " + weekly }
            if product.productID == best { line += " [best value]" }
            if product.productID == overview.status.productID { line += " [active]" }
            lines.append(line)
        }
        if overview.paywall.products.isEmpty { lines.append("no plans on offer") }
        return lines
    }

    /// Terminal output: a heading, the status and one card per plan; with `selected`, that card
    /// (0-based) gets the gradient border and a `▸` before its title (the picker).
    static func cards(_ overview: SubscriptionService.Overview, width: Int, theme: Theme, selected: Int? = nil) -> String {
        let best = overview.paywall.bestValueProductID
        var parts = [GradientText.render("Lyra Premium", stops: Palette.brandGradient, level: theme.colorLevel),
                     theme.paint(statusLine(overview.status, paywall: overview.paywall), overview.status.isActive ? .success : .muted)]
        for (index, product) in overview.paywall.products.enumerated() {
            let isActive = product.productID == overview.status.productID
            let note = isActive ? "active" + (expiryText(overview.status).map { " until " + $0 } ?? "") : nil
            let mark = selected == nil ? "" : (selected == index ? "▸ " : "  ")
            let plan = PaywallCard.Plan(title: mark + "\(index + 1) · " + product.displayName, price: product.priceText,
                                        weekly: cardWeeklyText(product), isBestValue: product.productID == best, activeNote: note)
            parts.append(PaywallCard.render(plan, width: width, theme: theme, highlighted: selected.map { $0 == index }))
        }
        if overview.paywall.products.isEmpty { parts.append("no plans on offer") }
        return parts.joined(separator: "\n")
    }
}
