// The premium gate's seam (SPEC §5): explicit setting first, then the build's default. The
// subscriptions feature replaces the default with Apphud's answer for release builds.
import Foundation
import LyraKit

extension AppServices {
    /// Whether premium features (`/video`) are unlocked for this run.
    /// - Throws: configuration errors.
    public func isPremium() async throws -> Bool {
        if let premium = try configuration().premium { return premium }
        return Self.isDebugBuild
    }
}
