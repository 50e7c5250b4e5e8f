// The app's ApphudService for the terminal: bridges the callback-shaped `SubscriptionProvider` to
// async/await (resuming exactly once on success, error, cancellation and timeout), and runs the
// purchase wait: poll the customer until the plan is active or `purchaseTimeout` passes.
import Foundation

/// Paywall, status, purchase and restore over a `SubscriptionProvider`.
public actor SubscriptionService {
    /// What `purchase` ends with.
    public struct PurchaseResult: Sendable, Equatable {
        /// Where the user paid.
        public let checkout: PurchaseCheckout
        /// The now-active subscription to the bought plan.
        public let subscription: ApphudCustomerResponseDTO.Subscription
        /// The customer's status after the purchase.
        public let status: SubscriptionStatus

        /// Creates a result.
        public init(checkout: PurchaseCheckout, subscription: ApphudCustomerResponseDTO.Subscription,
                    status: SubscriptionStatus) {
            self.checkout = checkout
            self.subscription = subscription
            self.status = status
        }
    }

    /// The paywall and the subscription status, from one customer fetch.
    public struct Overview: Sendable, Equatable {
        /// The placement's paywall.
        public let paywall: Paywall
        /// The subscription status.
        public let status: SubscriptionStatus

        /// Creates an overview.
        public init(paywall: Paywall, status: SubscriptionStatus) {
            self.paywall = paywall
            self.status = status
        }
    }

    /// The placement whose paywall is shown.
    public nonisolated let placement: String
    private let provider: any SubscriptionProvider
    private let clock: any LyraClock
    private let pollInterval: Double
    private let purchaseTimeout: Double
    private let callbackTimeout: Double
    private let timeoutClock: any LyraClock

    /// A service over `provider`.
    /// - Parameters:
    ///   - placement: the placement whose paywall is shown.
    ///   - clock: the clock the purchase wait polls on.
    ///   - pollInterval: seconds between customer polls while a purchase is pending.
    ///   - purchaseTimeout: seconds before a pending purchase fails.
    ///   - callbackTimeout: seconds a provider call may take before it counts as unanswered.
    ///   - timeoutClock: the clock that measures `callbackTimeout`.
    public init(provider: any SubscriptionProvider, placement: String = LyraConfiguration.defaultPlacement,
                clock: any LyraClock = SystemClock(), pollInterval: Double = 2, purchaseTimeout: Double = 300,
                callbackTimeout: Double = 130, timeoutClock: any LyraClock = SystemClock()) {
        self.provider = provider
        self.placement = placement
        self.clock = clock
        self.pollInterval = pollInterval
        self.purchaseTimeout = purchaseTimeout
        self.callbackTimeout = callbackTimeout
        self.timeoutClock = timeoutClock
    }

    // MARK: - Queries

    /// The customer, fetched now.
    /// - Throws: `SubscriptionError`, or `CancellationError` when the task is cancelled.
    public func customer() async throws -> SubscriptionCustomer {
        try await bridge(timeout: callbackTimeout) { provider.fetchCustomer(callback: $0) }
    }

    /// The placement's paywall and the subscription status.
    /// - Throws: as `customer()`, plus `.placementNotFound` and `.invalidPaywall`.
    public func overview() async throws -> Overview {
        let customer = try await customer()
        return Overview(paywall: try customer.paywall(placement: placement), status: customer.status)
    }

    /// The subscription status.
    /// - Throws: as `customer()`.
    public func status() async throws -> SubscriptionStatus {
        try await customer().status
    }

    /// Whether any subscription is active (trial, intro, promo, regular or grace).
    /// - Throws: as `customer()`.
    public func hasActiveSubscription() async throws -> Bool {
        try await status().isActive
    }

    // MARK: - Actions

    /// Restores purchases: refreshes the customer once (its `status` and `paywall(placement:)`).
    /// - Throws: as `customer()`.
    public func restore() async throws -> SubscriptionCustomer {
        try await bridge(timeout: callbackTimeout) { provider.restorePurchases(callback: $0) }
    }

    /// Buys `productID`: asks the provider for the checkout, hands it to `onCheckout` (which shows it),
    /// then polls the customer every `pollInterval` seconds until the plan is active.
    /// Transient failures of a poll (network, 5xx, no answer) are retried until the timeout.
    /// - Throws: `SubscriptionError.purchaseTimedOut` after `purchaseTimeout` seconds,
    ///   `CancellationError` when cancelled, or the provider's error.
    public func purchase(_ productID: String,
                         onCheckout: @escaping @Sendable (PurchaseCheckout) async -> Void) async throws -> PurchaseResult {
        let checkout = try await bridge(timeout: callbackTimeout) { provider.purchase(productID, callback: $0) }
        await onCheckout(checkout)
        let deadline = clock.now().addingTimeInterval(purchaseTimeout)
        while true {
            let remaining = deadline.timeIntervalSince(clock.now())
            guard remaining > 0 else {
                throw SubscriptionError.purchaseTimedOut(productID: productID, seconds: purchaseTimeout)
            }
            try await clock.sleep(for: min(pollInterval, remaining))
            let customer: SubscriptionCustomer
            do {
                customer = try await bridge(timeout: min(callbackTimeout, max(remaining, 1))) {
                    provider.fetchCustomer(callback: $0)
                }
            } catch let error as SubscriptionError where error.isTransient {
                continue
            }
            if let subscription = customer.record.subscriptions.first(where: { $0.productID == productID && $0.isActive }) {
                return PurchaseResult(checkout: checkout, subscription: subscription, status: customer.status)
            }
        }
    }

    // MARK: - Bridging

    /// Starts a provider call and waits for its callback, resuming exactly once: with the callback's
    /// result, `CancellationError` on cancellation, or `.noResponse` after `timeout` seconds. Later
    /// callbacks are ignored; cancellation and timeout also cancel the provider's request.
    private func bridge<Value: Sendable>(
        timeout: Double,
        _ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> ProviderRequest
    ) async throws -> Value {
        try Task.checkCancellation()
        let bridge = CallbackBridge<Value>()
        let request = start { result in bridge.finish(result) }
        let timeoutClock = self.timeoutClock
        let timer = Task {
            do { try await timeoutClock.sleep(for: timeout) } catch { return }
            bridge.finish(.failure(SubscriptionError.noResponse(seconds: timeout)))
            request.cancel()
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                bridge.install(continuation)
            }
        } onCancel: {
            bridge.finish(.failure(CancellationError()))
            request.cancel()
        }
    }
}
