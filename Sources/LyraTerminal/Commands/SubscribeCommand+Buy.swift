// `/subscribe buy N|PRODUCT_ID`: print the plan's checkout URL (opening it in a browser on a
// terminal), then wait until Apphud reports the plan active, the timeout passes, or Ctrl-C.
import Foundation
import LyraKit

extension SubscribeCommand {
    /// Buys the plan named by `reference` (a card number or a product id).
    @MainActor
    func buy(_ reference: String, context: CommandContext) async throws {
        let service = try context.services.subscriptionService()
        let overview = try await waiting("loading plans", context: context) { try await service.overview() }
        let product = try overview.paywall.product(matching: reference)
        let label = PaywallPresenter.planLabel(product.productID, paywall: overview.paywall)
        if overview.status.productID == product.productID {
            context.console.writeMessage("already subscribed: "
                + PaywallPresenter.statusLine(overview.status, paywall: overview.paywall))
            return
        }
        let spinner = context.makeSpinner()
        defer { spinner.stop() }
        let result = try await service.purchase(product.productID) { @MainActor checkout in
            announce(checkout, label: label, context: context)
            spinner.start("waiting for the purchase of \(label) (Ctrl-C to stop)")
        }
        spinner.stop()
        context.services.rememberSubscription(result.status)
        var line = "purchased: " + label + " is active"
        if let expiry = PaywallPresenter.expiryText(SubscriptionStatus(subscriptions: [result.subscription])) {
            line += " until " + expiry
        }
        context.console.writeLine(context.theme.paint(line, .success))
    }

    /// Prints the checkout URL on stdout (alone on its line in scripts) and opens it on a terminal.
    @MainActor
    private func announce(_ checkout: PurchaseCheckout, label: String, context: CommandContext) {
        let url = TextSanitizer.sanitize(checkout.url.absoluteString)
        guard context.isInteractive else {
            context.console.writeLine(url)
            context.console.flush()
            return
        }
        context.console.writeLine("Complete the purchase of \(label) at:")
        context.console.writeLine(context.theme.paint(url, .accent))
        if context.terminal.stdoutIsTTY, CheckoutOpener(environment: context.services.environment).open(checkout.url) {
            context.hint("opened in your browser")
        }
        context.console.flush()
    }
}
