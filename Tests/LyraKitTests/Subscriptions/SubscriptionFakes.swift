// Test doubles for the subscriptions feature: a scripted callback provider and customer records
// built like Apphud's (the clock is the shared FakeClock).
import Foundation
import Synchronization
import Testing
@testable import LyraKit

typealias CustomerCallback = @Sendable (Result<SubscriptionCustomer, any Error>) -> Void
typealias CheckoutCallback = @Sendable (Result<PurchaseCheckout, any Error>) -> Void

/// A provider whose answers are scripted per call; it records calls and cancellations.
final class ScriptedProvider: SubscriptionProvider {
    private struct State {
        var fetchCalls = 0
        var purchaseCalls: [String] = []
        var restoreCalls = 0
        var cancellations = 0
        var heldCallbacks: [CustomerCallback] = []
    }

    private let onFetch: @Sendable (Int, @escaping CustomerCallback) -> Void
    private let onPurchase: @Sendable (String, @escaping CheckoutCallback) -> Void
    private let state = Mutex(State())

    /// `onFetch` gets the 1-based call number (fetches and restores count together).
    init(onFetch: @escaping @Sendable (Int, @escaping CustomerCallback) -> Void,
         onPurchase: @escaping @Sendable (String, @escaping CheckoutCallback) -> Void = { _, _ in }) {
        self.onFetch = onFetch
        self.onPurchase = onPurchase
    }

    /// A provider whose fetches never call back (the callbacks are kept for firing late).
    static func silent() -> ScriptedProvider {
        let box = Mutex<ScriptedProvider?>(nil)
        let provider = ScriptedProvider(onFetch: { _, callback in box.withLock { $0?.hold(callback) } })
        box.withLock { $0 = provider }
        return provider
    }

    var fetchCalls: Int { state.withLock { $0.fetchCalls } }
    var purchaseCalls: [String] { state.withLock { $0.purchaseCalls } }
    var restoreCalls: Int { state.withLock { $0.restoreCalls } }
    var cancellations: Int { state.withLock { $0.cancellations } }

    /// Calls every held callback with `result` (a late answer).
    func fireHeld(_ result: Result<SubscriptionCustomer, any Error>) {
        for callback in state.withLock({ $0.heldCallbacks }) { callback(result) }
    }

    /// Waits until `count` fetches were started (polling; 60 s is only a watchdog).
    func waitForFetches(_ count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while fetchCalls < count {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    private func hold(_ callback: @escaping CustomerCallback) {
        state.withLock { $0.heldCallbacks.append(callback) }
    }

    func fetchCustomer(callback: @escaping CustomerCallback) -> ProviderRequest {
        let call = state.withLock { state in
            state.fetchCalls += 1
            return state.fetchCalls + state.restoreCalls
        }
        onFetch(call, callback)
        return cancellable()
    }

    func purchase(_ productID: String, callback: @escaping CheckoutCallback) -> ProviderRequest {
        state.withLock { $0.purchaseCalls.append(productID) }
        onPurchase(productID, callback)
        return cancellable()
    }

    func restorePurchases(callback: @escaping CustomerCallback) -> ProviderRequest {
        let call = state.withLock { state in
            state.restoreCalls += 1
            return state.fetchCalls + state.restoreCalls
        }
        onFetch(call, callback)
        return cancellable()
    }

    private func cancellable() -> ProviderRequest {
        ProviderRequest { self.state.withLock { $0.cancellations += 1 } }
    }
}

/// Customer records shaped like Apphud's, with the local backend's three plans.
enum CustomerFixture {
    static let products: [PaywallConfigDTO.Product] = [
        .init(productID: "lyra.weekly", price: "4.99", currency: "USD", period: "P1W",
              checkoutURL: "https://pay.example/checkout/lyra.weekly"),
        .init(productID: "lyra.monthly", price: "12.99", currency: "USD", period: "P1M",
              checkoutURL: "https://pay.example/checkout/lyra.monthly"),
        .init(productID: "lyra.yearly", price: "49.99", currency: "USD", period: "P1Y",
              checkoutURL: "https://pay.example/checkout/lyra.yearly"),
    ]

    /// The paywall config as the `json` string Apphud sends.
    static var configJSON: String {
        let objects = products.map { product in
            ["product_id": product.productID, "price": product.price, "currency": product.currency ?? "",
             "period": product.period ?? "", "checkout_url": product.checkoutURL ?? ""]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["products": objects], options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A customer with placement `main` and these subscriptions.
    static func customer(_ subscriptions: [ApphudCustomerResponseDTO.Subscription] = []) -> SubscriptionCustomer {
        let paywall = ApphudCustomerResponseDTO.Paywall(
            identifier: "main", items: products.map { .init(productID: $0.productID) }, json: configJSON)
        return SubscriptionCustomer(record: .init(
            placements: [.init(identifier: "main", paywalls: [paywall])], paywalls: [paywall],
            subscriptions: subscriptions))
    }

    /// An active (`regular`) subscription to `productID`.
    static func active(_ productID: String, expires: String = "2027-11-29T10:05:00.123Z") -> ApphudCustomerResponseDTO.Subscription {
        .init(productID: productID, status: "regular", expiresAt: expires, kind: "autorenewable")
    }
}
