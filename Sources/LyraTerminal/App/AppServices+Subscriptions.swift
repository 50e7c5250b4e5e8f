// The subscription service of one run, built on first use from the configuration: Apphud URL and
// key, user id, locale, placement, purchase poll interval and timeout, and the app's clock.
import Foundation
import LyraKit

extension AppServices {
    /// The one `SubscriptionService` of this run.
    /// - Throws: `SubscriptionError.missingAPIKey` without an Apphud key, `APIError.insecureURL` or
    ///   `.invalidURL` for an unusable Apphud URL, or configuration errors.
    public func subscriptionService() throws -> SubscriptionService {
        if let builtSubscriptionService { return builtSubscriptionService }
        let configuration = try configuration()
        guard let key = configuration.apphudAPIKey, !key.isEmpty else { throw SubscriptionError.missingAPIKey }
        try BaseURLPolicy(allowInsecureHTTP: configuration.allowInsecureHTTP).validate(configuration.apphudURL)
        let provider = ApphudRESTProvider(
            apphudURL: configuration.apphudURL, apiKey: key, userID: configuration.userID,
            locale: configuration.locale, isDebug: Self.isDebugBuild)
        let service = SubscriptionService(
            provider: provider, placement: configuration.placement, clock: clock,
            pollInterval: configuration.purchasePollInterval, purchaseTimeout: configuration.purchaseTimeout)
        builtSubscriptionService = service
        return service
    }

    /// A short plain-text summary of the plans for gated features (`/video` without premium), e.g.
    /// `Lyra Premium: 1. Weekly 4.99 USD per week · … — /subscribe buy N`; a pointer to
    /// `/subscribe` when the paywall cannot be loaded. Server text is sanitized.
    public func paywallSummary() async -> String {
        let key = (try? configuration())?.apphudAPIKey ?? ""
        if key.isEmpty {
            return "Lyra Premium unlocks this. Subscriptions need an Apphud key (LYRA_APPHUD_API_KEY); "
                + "to try /video without one, run lyra --demo"
        }
        guard let service = try? subscriptionService(), let overview = try? await service.overview(),
              !overview.paywall.products.isEmpty else {
            return "Lyra Premium unlocks this: see /subscribe"
        }
        let plans = overview.paywall.products.enumerated().map { index, product in
            "\(index + 1). " + product.displayName + " " + product.priceText
        }
        return "Lyra Premium: " + plans.joined(separator: " · ") + " (buy with /subscribe buy N)"
    }
}
