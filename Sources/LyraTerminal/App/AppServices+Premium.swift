// The premium gate as the terminal uses it: LyraKit's `PremiumGate` decides (setting, build type,
// Apphud asked once per process); this file only wires it to the configuration and Apphud.
import Foundation
import LyraKit

extension AppServices {
    /// Whether premium features (`/video`) are unlocked for this run.
    /// - Throws: configuration errors, or `SubscriptionError` when Apphud must be asked and fails.
    public func isPremium() async throws -> Bool {
        let configuration = try configuration()
        return try await premiumGate.isPremium(
            setting: configuration.premium, isDebugBuild: Self.isDebugBuild,
            hasApphudKey: !(configuration.apphudAPIKey ?? "").isEmpty
        ) { @MainActor in
            try await self.subscriptionService().hasActiveSubscription()
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
        premiumGate.remember(status)
    }
}
