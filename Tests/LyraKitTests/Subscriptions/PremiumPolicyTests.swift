// The premium decision (SPEC §3, §5) as a pure function: setting, then build type, then Apphud.
import Testing
@testable import LyraKit

@Suite struct PremiumPolicyTests {
    @Test func theSettingWinsOverEverything() {
        for debug in [true, false] {
            for key in [true, false] {
                #expect(PremiumPolicy.decide(setting: true, isDebugBuild: debug, hasApphudKey: key) == .decided(true))
                #expect(PremiumPolicy.decide(setting: false, isDebugBuild: debug, hasApphudKey: key) == .decided(false))
            }
        }
    }

    @Test func debugBuildsArePremiumWithoutASetting() {
        #expect(PremiumPolicy.decide(setting: nil, isDebugBuild: true, hasApphudKey: false) == .decided(true))
        #expect(PremiumPolicy.decide(setting: nil, isDebugBuild: true, hasApphudKey: true) == .decided(true))
    }

    @Test func releaseBuildsAskApphudOrAreNotPremiumWithoutAKey() {
        #expect(PremiumPolicy.decide(setting: nil, isDebugBuild: false, hasApphudKey: true) == .askApphud)
        #expect(PremiumPolicy.decide(setting: nil, isDebugBuild: false, hasApphudKey: false) == .decided(false))
    }
}
