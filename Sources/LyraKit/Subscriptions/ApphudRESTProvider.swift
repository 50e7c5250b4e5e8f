// The live `SubscriptionProvider`: Apphud's REST API as its SDKs use it (SPEC §5), over the one
// shared HTTP transport. `POST {apphudURL}/v1/customers` with `APPHUD-API-KEY`; purchase = checkout URL.
import Foundation

/// Speaks Apphud's `POST /v1/customers` and answers the provider calls from its customer record.
public struct ApphudRESTProvider: SubscriptionProvider {
    private let endpoint: URL
    private let apiKey: String
    private let body: ApphudCustomerRequestDTO
    private let transport: any HTTPTransport

    /// A provider for one user.
    /// - Parameters:
    ///   - apphudURL: the gateway, e.g. `https://gateway.apphud.com` (may carry a path prefix).
    ///   - apiKey: the Apphud API key.
    ///   - userID: the user (and device) id.
    ///   - locale: the user's language code.
    ///   - timeZone: the time zone identifier sent to Apphud.
    ///   - isDebug: true in debug builds.
    ///   - transport: the HTTP transport; the process-wide shared one by default.
    public init(apphudURL: URL, apiKey: String, userID: String, locale: String,
                timeZone: String = TimeZone.current.identifier, isDebug: Bool,
                transport: any HTTPTransport = CurlTransport.shared) {
        endpoint = apphudURL.appending(path: "v1").appending(path: "customers")
        self.apiKey = apiKey
        body = ApphudCustomerRequestDTO(apiKey: apiKey, userID: userID, isDebug: isDebug, locale: locale,
                                        timeZone: timeZone)
        self.transport = transport
    }

    /// Fetches the customer.
    @discardableResult
    public func fetchCustomer(
        callback: @escaping @Sendable (Result<SubscriptionCustomer, any Error>) -> Void
    ) -> ProviderRequest {
        run(callback) { try await loadCustomer() }
    }

    /// Fetches the customer and answers the checkout of `productID` from its paywall config.
    @discardableResult
    public func purchase(
        _ productID: String, callback: @escaping @Sendable (Result<PurchaseCheckout, any Error>) -> Void
    ) -> ProviderRequest {
        run(callback) {
            let product = try await loadCustomer().product(productID)
            guard let url = product.checkoutURL, let scheme = url.scheme?.lowercased(),
                  scheme == "https" || scheme == "http" else {
                throw SubscriptionError.noCheckoutURL(productID)
            }
            return PurchaseCheckout(product: product, url: url)
        }
    }

    /// Refreshes the customer (Apphud's REST API has no separate restore for web purchases).
    @discardableResult
    public func restorePurchases(
        callback: @escaping @Sendable (Result<SubscriptionCustomer, any Error>) -> Void
    ) -> ProviderRequest {
        run(callback) { try await loadCustomer() }
    }

    // MARK: - Private

    /// Runs `work` in a task and reports its outcome once; the request cancels the task.
    private func run<Value: Sendable>(
        _ callback: @escaping @Sendable (Result<Value, any Error>) -> Void,
        _ work: @escaping @Sendable () async throws -> Value
    ) -> ProviderRequest {
        let task = Task {
            do {
                callback(.success(try await work()))
            } catch {
                callback(.failure(error))
            }
        }
        return ProviderRequest { task.cancel() }
    }

    private func loadCustomer() async throws -> SubscriptionCustomer {
        let request = HTTPRequest(
            method: .post, url: endpoint,
            headers: [("APPHUD-API-KEY", apiKey), ("Content-Type", "application/json"), ("Accept", "application/json")],
            body: .bytes(try JSONEncoder().encode(body)), timeout: RequestDeadline.effective(30),
            credentialHeaders: ["APPHUD-API-KEY"])
        let (data, response): (Data, HTTPResponseHead)
        do {
            (data, response) = try await transport.send(request)
        } catch let error as APIError {
            throw mapped(error)
        }
        try checkStatus(response, body: data)
        do {
            return SubscriptionCustomer(record: try JSONDecoder().decode(ApphudCustomerResponseDTO.self, from: data).customer)
        } catch {
            throw SubscriptionError.invalidResponse("not an Apphud customer")
        }
    }

    private func checkStatus(_ response: HTTPResponseHead, body: Data) throws {
        switch response.statusCode {
        case 200 ..< 300: return
        case 401, 403: throw SubscriptionError.unauthorized
        default:
            let detail = HTTPStatusMapping.detail(from: body).map { redacted($0) }
            throw SubscriptionError.server(statusCode: response.statusCode, detail: detail)
        }
    }

    private func mapped(_ error: APIError) -> any Error {
        switch error {
        case .cancelled: return CancellationError()
        case let .networkError(reason): return SubscriptionError.network(redacted(reason))
        case let .couldNotConnect(host): return SubscriptionError.network(redacted("could not connect to \(host)"))
        default: return SubscriptionError.network(redacted(error.errorDescription ?? "request failed"))
        }
    }

    private func redacted(_ text: String) -> String {
        SecretText.redacting(apiKey, in: text)
    }
}
