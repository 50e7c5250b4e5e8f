// The premium gate: Apphud is asked only when the policy says so, once per run, and its latest
// answer (a buy, a restore) replaces the kept one.
import Synchronization
import Testing
@testable import LyraKit

@Suite struct PremiumGateTests {
    @Test func apphudIsAskedOnlyWhenThePolicySaysSo() async throws {
        let gate = PremiumGate()
        #expect(try await gate.isPremium(setting: false, isDebugBuild: false, hasApphudKey: true) {
            Issue.record("Apphud asked although the setting decides")
            return true
        } == false)
        #expect(try await gate.isPremium(setting: nil, isDebugBuild: true, hasApphudKey: true) {
            Issue.record("Apphud asked in a debug build")
            return false
        })
        #expect(try await gate.isPremium(setting: nil, isDebugBuild: false, hasApphudKey: false) {
            Issue.record("Apphud asked without a key")
            return true
        } == false)
    }

    @Test func apphudsAnswerIsAskedOnceAndKept() async throws {
        let gate = PremiumGate()
        let asked = Mutex(0)
        for _ in 0..<3 {
            #expect(try await gate.isPremium(setting: nil, isDebugBuild: false, hasApphudKey: true) {
                asked.withLock { $0 += 1 }
                return true
            })
        }
        #expect(asked.withLock { $0 } == 1)
    }

    @Test func aFailedAskKeepsNothingAndTheNextCallAsksAgain() async throws {
        let gate = PremiumGate()
        await #expect(throws: SubscriptionError.unauthorized) {
            try await gate.isPremium(setting: nil, isDebugBuild: false, hasApphudKey: true) {
                throw SubscriptionError.unauthorized
            }
        }
        #expect(try await gate.isPremium(setting: nil, isDebugBuild: false, hasApphudKey: true) { false } == false)
    }

    @Test func theLatestStatusReplacesTheKeptAnswer() async throws {
        let gate = PremiumGate()
        #expect(try await gate.isPremium(setting: nil, isDebugBuild: false, hasApphudKey: true) { false } == false)
        gate.remember(SubscriptionStatus(subscriptions: [.init(productID: "lyra.yearly", status: "regular")]))
        #expect(try await gate.isPremium(setting: nil, isDebugBuild: false, hasApphudKey: true) {
            Issue.record("Apphud asked although a purchase told the answer")
            return false
        })
    }
}
