// The premium gate of one run (SPEC §5): `PremiumPolicy` says who decides; Apphud's answer is asked
// once and kept, and replaced by whatever Apphud said last (a buy, a restore, a status check).
import Foundation
import Synchronization

/// Whether premium features (`/video`) are unlocked, with Apphud's answer kept for the run.
public final class PremiumGate: Sendable {
    private let apphudAnswer = Mutex<Bool?>(nil)

    /// A gate that has not asked Apphud yet.
    public init() {}

    /// Whether premium is unlocked: the `premium` setting, else the build type, else Apphud's answer
    /// (asked through `askApphud` the first time only; no Apphud key: not premium).
    /// - Parameters:
    ///   - setting: the `premium` setting, nil when unset.
    ///   - isDebugBuild: debug builds are premium without a setting.
    ///   - hasApphudKey: whether an Apphud API key is configured.
    ///   - askApphud: asks Apphud whether a subscription is active.
    /// - Throws: what `askApphud` throws (nothing is kept then).
    public func isPremium(setting: Bool?, isDebugBuild: Bool, hasApphudKey: Bool,
                          askApphud: @Sendable () async throws -> Bool) async throws -> Bool {
        switch PremiumPolicy.decide(setting: setting, isDebugBuild: isDebugBuild, hasApphudKey: hasApphudKey) {
        case .decided(let premium):
            return premium
        case .askApphud:
            if let known = apphudAnswer.withLock({ $0 }) { return known }
            let answer = try await askApphud()
            apphudAnswer.withLock { $0 = answer }
            return answer
        }
    }

    /// Keeps Apphud's latest answer (after a buy, a restore or a status check).
    public func remember(_ status: SubscriptionStatus) {
        apphudAnswer.withLock { $0 = status.isActive }
    }
}
