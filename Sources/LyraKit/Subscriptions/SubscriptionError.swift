// Errors of the subscriptions feature (SPEC §5), each with the message `/subscribe` shows:
// missing Apphud key, a refused key, network trouble, a missing placement, an unknown plan, a timeout.
import Foundation

/// A failure talking to Apphud or completing a purchase.
public enum SubscriptionError: Error, LocalizedError, Equatable, Sendable {
    /// No Apphud API key is configured.
    case missingAPIKey
    /// Apphud answered 401 or 403: the key was refused.
    case unauthorized
    /// The request did not complete (the reason is readable text).
    case network(String)
    /// Apphud answered another non-2xx status.
    case server(statusCode: Int, detail: String?)
    /// A 2xx answer that is not a customer.
    case invalidResponse(String)
    /// The placement is not among the customer's placements (those that are, listed).
    case placementNotFound(String, available: [String])
    /// The paywall or its remote config is unusable.
    case invalidPaywall(String)
    /// No plan has this number or product id (the plans on offer, listed).
    case unknownProduct(String, available: [String])
    /// The plan has no checkout URL to pay at.
    case noCheckoutURL(String)
    /// The purchase of the product was not confirmed within the timeout (seconds).
    case purchaseTimedOut(productID: String, seconds: Double)
    /// The provider never called back within the time allowed (seconds).
    case noResponse(seconds: Double)

    /// A one-line message for the user.
    public var errorDescription: String? {
        switch self {
        case .missingAPIKey:
            return "no Apphud API key: set LYRA_APPHUD_API_KEY, or add \"apphudAPIKey\" to the credentials file"
        case .unauthorized:
            return "Apphud refused the API key (401): check LYRA_APPHUD_API_KEY"
        case let .network(reason):
            return "cannot reach Apphud: \(reason)"
        case let .server(statusCode, detail):
            guard let detail, !detail.isEmpty else { return "Apphud error \(statusCode)" }
            return "Apphud error \(statusCode): \(detail)"
        case let .invalidResponse(reason):
            return "unexpected answer from Apphud: \(reason)"
        case let .placementNotFound(placement, available):
            let known = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "placement '\(placement)' not found in Apphud (available: \(known)); set LYRA_PLACEMENT"
        case let .invalidPaywall(reason):
            return "the paywall cannot be shown: \(reason)"
        case let .unknownProduct(reference, available):
            guard !available.isEmpty else { return "unknown product '\(reference)'" }
            let numbers = available.count == 1 ? "1" : "1-\(available.count)"
            return "unknown product '\(reference)': choose \(numbers) or one of \(available.joined(separator: ", "))"
        case let .noCheckoutURL(productID):
            return "\(productID) has no checkout URL in the paywall config"
        case let .purchaseTimedOut(productID, seconds):
            return "the purchase of \(productID) was not confirmed within \(Self.seconds(seconds))"
        case let .noResponse(seconds):
            return "Apphud did not answer within \(Self.seconds(seconds))"
        }
    }

    /// True for failures worth polling again after: network trouble, 5xx gateways and no answer.
    public var isTransient: Bool {
        switch self {
        case .network, .noResponse: return true
        case let .server(statusCode, _): return [500, 502, 503, 504].contains(statusCode)
        default: return false
        }
    }

    /// `2 s`, `0.2 s`, `300 s`.
    private static func seconds(_ value: Double) -> String {
        let text = value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
        return text + " s"
    }
}

extension SubscriptionError: AdvisingError {
    /// What the user can do: try the demo without a key, restore after an unconfirmed purchase.
    public var advice: RecoveryAdvice? {
        switch self {
        case .missingAPIKey: return .tryDemo
        case .purchaseTimedOut: return .restorePurchases
        default: return nil
        }
    }
}
