// The seam to the subscription backend, kept in the callback shape of Apphud's SDK
// (`purchase(_:callback:)`, `restorePurchases(callback:)`); `SubscriptionService` bridges it to async.
import Foundation

/// Talks to a subscription backend (Apphud's REST API in the app; fakes in tests).
///
/// Each method calls its callback once, on any thread; a callback after `ProviderRequest.cancel()`
/// is allowed and ignored by the caller.
public protocol SubscriptionProvider: Sendable {
    /// Fetches the customer: placements with their paywalls, and subscriptions.
    @discardableResult
    func fetchCustomer(callback: @escaping @Sendable (Result<SubscriptionCustomer, any Error>) -> Void) -> ProviderRequest

    /// Starts buying `productID`: answers where to complete the purchase. On Linux there is no store:
    /// the purchase completes when the user pays at the checkout URL, which the caller then waits for.
    @discardableResult
    func purchase(_ productID: String,
                  callback: @escaping @Sendable (Result<PurchaseCheckout, any Error>) -> Void) -> ProviderRequest

    /// Restores purchases: refreshes the customer once.
    @discardableResult
    func restorePurchases(callback: @escaping @Sendable (Result<SubscriptionCustomer, any Error>) -> Void) -> ProviderRequest
}

/// A started provider call that can be cancelled (cancelling the network request behind it).
public struct ProviderRequest: Sendable {
    private let onCancel: @Sendable () -> Void

    /// A request cancelled by running `onCancel`.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// A request with nothing to cancel.
    public static let finished = ProviderRequest {}

    /// Cancels the work; its callback may still arrive and is then ignored.
    public func cancel() { onCancel() }
}

/// Where the user completes a purchase.
public struct PurchaseCheckout: Sendable, Equatable {
    /// The plan being bought.
    public let product: PaywallProduct
    /// The page to pay at.
    public let url: URL

    /// Creates a checkout.
    public init(product: PaywallProduct, url: URL) {
        self.product = product
        self.url = url
    }
}
