// Who decides whether premium (`/video`) is unlocked (SPEC §3, §5): the `premium` setting when set,
// else debug builds are premium, else Apphud's answer (no Apphud key: not premium).
import Foundation

/// The premium decision as a pure function of its inputs.
public enum PremiumPolicy {
    /// What decides premium for one run.
    public enum Decision: Sendable, Equatable {
        /// Decided without Apphud.
        case decided(Bool)
        /// Ask Apphud whether a subscription is active.
        case askApphud
    }

    /// The decision for a `premium` setting (nil when unset), the build type and whether an
    /// Apphud API key is configured.
    public static func decide(setting: Bool?, isDebugBuild: Bool, hasApphudKey: Bool) -> Decision {
        if let setting { return .decided(setting) }
        if isDebugBuild { return .decided(true) }
        return hasApphudKey ? .askApphud : .decided(false)
    }
}
