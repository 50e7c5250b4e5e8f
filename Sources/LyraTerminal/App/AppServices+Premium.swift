// The premium gate (SPEC §5): the `premium` setting first, then the build type (debug: on), then
// Apphud's answer for release builds, asked once per process and refreshed after buy and restore.
import Foundation
import LyraKit

extension AppServices {
    /// Whether premium features (`/video`) are unlocked for this run.
    /// - Throws: configuration errors, or `SubscriptionError` when Apphud must be asked and fails.
    public func isPremium() async throws -> Bool {
        let configuration = try configuration()
        let hasKey = !(configuration.apphudAPIKey ?? "").isEmpty
        let decision = PremiumPolicy.decide(setting: configuration.premium, isDebugBuild: Self.isDebugBuild,
                                            hasApphudKey: hasKey)
        switch decision {
        case .decided(let premium):
            return premium
        case .askApphud:
            let cache = premiumCache()
            if let known = cache.apphudAnswer { return known }
            let answer = try await subscriptionService().hasActiveSubscription()
            cache.apphudAnswer = answer
            return answer
        }
    }

    /// `premium: forced by LYRA_PREMIUM` (or `forced off`, or by the config file) when the `premium`
    /// setting decides instead of Apphud; nil when Apphud decides.
    public func forcedPremiumLine() throws -> String? {
        let configuration = try configuration()
        guard let premium = configuration.premium else { return nil }
        let source: String
        switch configuration.source(of: .premium) {
        case let .environment(name): source = name
        case .flag: source = "a command-line flag"
        default: source = "the premium setting (\(configuration.source(of: .premium)))"
        }
        return "premium: " + (premium ? "forced by " : "forced off by ") + source
    }

    /// Records Apphud's latest answer (after a buy, a restore or a status check) for `isPremium()`.
    public func rememberSubscription(_ status: SubscriptionStatus) {
        premiumCache().apphudAnswer = status.isActive
    }

    private func premiumCache() -> PremiumCache {
        shared(PremiumCache.self) { PremiumCache() }
    }
}

/// Apphud's answer to "is a subscription active?", kept for the rest of the process.
@MainActor
final class PremiumCache {
    /// The answer, once known.
    var apphudAnswer: Bool?
}
