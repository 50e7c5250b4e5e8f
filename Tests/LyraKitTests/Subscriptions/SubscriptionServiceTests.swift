// SubscriptionService over a scripted callback provider: the bridge resumes exactly once on success,
// error, cancellation and a callback that never comes (and survives a provider calling back twice);
// the purchase wait polls on the injected clock until active, timeout or cancellation.
import Foundation
import Synchronization
import Testing
@testable import LyraKit

private func checkout(_ productID: String) -> PurchaseCheckout? {
    guard let config = CustomerFixture.products.first(where: { $0.productID == productID }),
          let product = try? PaywallProduct(config: config), let url = product.checkoutURL else { return nil }
    return PurchaseCheckout(product: product, url: url)
}

/// A provider whose purchase answers the fixture's checkout and whose fetches answer `replies[n-1]`.
private func purchasingProvider(_ replies: [Result<SubscriptionCustomer, any Error>]) -> ScriptedProvider {
    ScriptedProvider(onFetch: { call, callback in
        callback(replies[min(call, replies.count) - 1])
    }, onPurchase: { productID, callback in
        if let checkout = checkout(productID) { callback(.success(checkout)) }
        else { callback(.failure(SubscriptionError.unknownProduct(productID, available: []))) }
    })
}

@Suite struct SubscriptionServiceBridgeTests {
    @Test func successResumesWithTheCustomer() async throws {
        let provider = ScriptedProvider(onFetch: { _, callback in
            callback(.success(CustomerFixture.customer([CustomerFixture.active("lyra.monthly")])))
        })
        let overview = try await SubscriptionService(provider: provider).overview()
        #expect(overview.status.productID == "lyra.monthly")
        #expect(overview.status.expiresAtText == "2027-11-29T10:05:00.123Z")
        #expect(overview.paywall.products.map(\.productID) == ["lyra.weekly", "lyra.monthly", "lyra.yearly"])
        #expect(provider.cancellations == 0)
    }

    @Test func errorResumesWithTheError() async {
        let provider = ScriptedProvider(onFetch: { _, callback in callback(.failure(SubscriptionError.unauthorized)) })
        await #expect(throws: SubscriptionError.unauthorized) { try await SubscriptionService(provider: provider).status() }
    }

    @Test func aCallbackFromAnotherThreadLaterIsAwaited() async throws {
        let provider = ScriptedProvider(onFetch: { _, callback in
            Thread { callback(.success(CustomerFixture.customer())) }.start()
        })
        #expect(try await SubscriptionService(provider: provider).hasActiveSubscription() == false)
    }

    @Test func aProviderCallingBackTwiceResumesOnceWithTheFirstAnswer() async throws {
        let provider = ScriptedProvider(onFetch: { _, callback in
            callback(.success(CustomerFixture.customer([CustomerFixture.active("lyra.weekly")])))
            callback(.failure(SubscriptionError.unauthorized))
            callback(.success(CustomerFixture.customer()))
        })
        let service = SubscriptionService(provider: provider)
        #expect(try await service.status().productID == "lyra.weekly")
        #expect(try await service.status().productID == "lyra.weekly")
    }

    @Test func cancellationResumesWithCancellationAndCancelsTheRequest() async throws {
        let provider = ScriptedProvider.silent()
        let service = SubscriptionService(provider: provider)
        let task = Task { try await service.status() }
        try await provider.waitForFetches(1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(provider.cancellations == 1)
        // The provider answering after all must not resume again (that would crash).
        provider.fireHeld(.success(CustomerFixture.customer()))
        provider.fireHeld(.failure(SubscriptionError.unauthorized))
    }

    @Test func aCallbackThatNeverComesTimesOut() async throws {
        let provider = ScriptedProvider.silent()
        let service = SubscriptionService(provider: provider, callbackTimeout: 7, timeoutClock: FakeClock())
        await #expect(throws: SubscriptionError.noResponse(seconds: 7)) { try await service.restore() }
        #expect(provider.restoreCalls == 1)
        #expect(provider.cancellations == 1)
        #expect(SubscriptionError.noResponse(seconds: 7).errorDescription == "Apphud did not answer within 7 s")
        provider.fireHeld(.success(CustomerFixture.customer()))
    }

    @Test func anAlreadyCancelledTaskDoesNotCallTheProvider() async throws {
        let provider = ScriptedProvider.silent()
        let service = SubscriptionService(provider: provider)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await service.status()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(provider.fetchCalls == 0)
    }

    @Test func aMissingPlacementIsNamed() async {
        let provider = ScriptedProvider(onFetch: { _, callback in callback(.success(CustomerFixture.customer())) })
        let service = SubscriptionService(provider: provider, placement: "onboarding")
        await #expect(throws: SubscriptionError.placementNotFound("onboarding", available: ["main"])) {
            try await service.overview()
        }
    }
}

@Suite struct SubscriptionServicePurchaseTests {
    @Test func pollsEveryIntervalUntilThePlanIsActive() async throws {
        let none = CustomerFixture.customer()
        let otherPlan = CustomerFixture.customer([CustomerFixture.active("lyra.weekly")])
        let bought = CustomerFixture.customer([CustomerFixture.active("lyra.weekly"), CustomerFixture.active("lyra.yearly")])
        let provider = purchasingProvider([.success(none), .success(otherPlan), .success(bought)])
        let clock = FakeClock(start: 1_000_000, advancesOnSleep: true)
        let shown = Mutex<[String]>([])
        let service = SubscriptionService(provider: provider, clock: clock, pollInterval: 2, purchaseTimeout: 300)
        let result = try await service.purchase("lyra.yearly") { checkout in
            shown.withLock { $0.append("\(checkout.url.absoluteString) after \(provider.fetchCalls) polls") }
        }
        #expect(shown.withLock { $0 } == ["https://pay.example/checkout/lyra.yearly after 0 polls"])
        #expect(result.subscription.productID == "lyra.yearly")
        #expect(result.checkout.product.productID == "lyra.yearly")
        #expect(provider.purchaseCalls == ["lyra.yearly"])
        #expect(provider.fetchCalls == 3)
        #expect(clock.sleeps == [2, 2, 2])
    }

    @Test func timesOutAfterPurchaseTimeoutWithAMessage() async throws {
        let provider = purchasingProvider([.success(CustomerFixture.customer())])
        let clock = FakeClock(start: 1_000_000, advancesOnSleep: true)
        let service = SubscriptionService(provider: provider, clock: clock, pollInterval: 2, purchaseTimeout: 5)
        await #expect(throws: SubscriptionError.purchaseTimedOut(productID: "lyra.monthly", seconds: 5)) {
            try await service.purchase("lyra.monthly") { _ in }
        }
        // Polls at 2, 4 and 5 seconds: the last sleep is cut to the time left.
        #expect(clock.sleeps == [2, 2, 1])
        #expect(provider.fetchCalls == 3)
        #expect(SubscriptionError.purchaseTimedOut(productID: "lyra.monthly", seconds: 0.2).errorDescription
            == "the purchase of lyra.monthly was not confirmed within 0.2 s")
        #expect(SubscriptionError.purchaseTimedOut(productID: "lyra.monthly", seconds: 0.2).advice == .restorePurchases)
    }

    @Test func transientPollFailuresAreRetried() async throws {
        let provider = purchasingProvider([
            .failure(SubscriptionError.network("the connection to pay.example was lost")),
            .failure(SubscriptionError.server(statusCode: 503, detail: nil)),
            .success(CustomerFixture.customer([CustomerFixture.active("lyra.weekly")])),
        ])
        let service = SubscriptionService(provider: provider, clock: FakeClock(start: 1_000_000, advancesOnSleep: true), pollInterval: 1, purchaseTimeout: 60)
        #expect(try await service.purchase("lyra.weekly") { _ in }.subscription.productID == "lyra.weekly")
        #expect(provider.fetchCalls == 3)
    }

    @Test func aRefusedKeyStopsThePurchaseWait() async throws {
        let provider = purchasingProvider([.failure(SubscriptionError.unauthorized)])
        let service = SubscriptionService(provider: provider, clock: FakeClock(start: 1_000_000, advancesOnSleep: true), pollInterval: 1, purchaseTimeout: 60)
        await #expect(throws: SubscriptionError.unauthorized) { try await service.purchase("lyra.weekly") { _ in } }
        #expect(provider.fetchCalls == 1)
    }

    @Test func anUnknownProductFailsBeforeAnyCheckout() async throws {
        let provider = purchasingProvider([.success(CustomerFixture.customer())])
        let announced = Mutex(false)
        let service = SubscriptionService(provider: provider, clock: FakeClock(start: 1_000_000, advancesOnSleep: true))
        await #expect(throws: SubscriptionError.unknownProduct("lyra.forever", available: [])) {
            try await service.purchase("lyra.forever") { _ in announced.withLock { $0 = true } }
        }
        #expect(announced.withLock { $0 } == false)
    }

    @Test func cancellingTheWaitStopsPolling() async throws {
        let provider = purchasingProvider([.success(CustomerFixture.customer())])
        let announced = Mutex(false)
        // Real clock, long interval: the task is inside the sleep when it is cancelled.
        let service = SubscriptionService(provider: provider, clock: SystemClock(), pollInterval: 600, purchaseTimeout: 3600)
        let task = Task { try await service.purchase("lyra.yearly") { _ in announced.withLock { $0 = true } } }
        let deadline = ContinuousClock.now + .seconds(60)
        while !announced.withLock({ $0 }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(provider.fetchCalls == 0)
    }
}
