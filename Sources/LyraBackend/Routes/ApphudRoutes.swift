// The Apphud emulation of SPEC §5: `POST /v1/customers` (customer, placements, paywall config)
// and `GET /checkout/<user_id>/<product_id>`, which activates a plan in memory.

import Foundation

/// Handlers of the emulated Apphud REST API and the demo checkout page.
enum ApphudRoutes {
    static let routes: [BackendRouter.Route] = [
        .init(method: "POST", pattern: ["v1", "customers"], access: .apphud, handler: customer),
        .init(method: "GET", pattern: ["checkout", "{}", "{}"], access: .open, handler: checkout),
    ]

    private static func customer(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        guard let key = context.request.header("apphud-api-key"), !key.isEmpty else {
            throw RouteFailure(status: 401, detail: "missing APPHUD-API-KEY header")
        }
        if let expected = context.options.apphudAPIKey, key != expected {
            throw RouteFailure(status: 401, detail: "invalid APPHUD-API-KEY")
        }
        let body = try context.jsonObjectBody()
        guard let userID = body["user_id"]?.stringValue, !userID.trimmingWhitespaceAndNewlines.isEmpty else {
            throw RouteFailure(status: 422, detail: "field 'user_id' is required and must be a non-empty string")
        }
        let paywall = paywallJSON(userID: userID, baseURL: context.publicBaseURL)
        let customer = JSONValue.object([
            ("id", .string(userID)),
            ("user_id", .string(userID)),
            ("subscriptions", .array(subscriptionsJSON(context.state.subscriptions(of: userID)))),
            ("purchases", .array([])),
            ("paywalls", .array([paywall])),
            ("placements", .array([.object([
                ("id", .string("placement-main")),
                ("identifier", .string("main")),
                ("paywalls", .array([paywall])),
            ])])),
        ])
        return .json(.object([("data", .object([("results", customer)]))]))
    }

    private static func checkout(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        let userID = context.parameters[0], productID = context.parameters[1]
        guard let plan = SubscriptionPlan.catalog.first(where: { $0.productID == productID }) else {
            throw RouteFailure(status: 404, detail: "unknown product '\(productID)'")
        }
        let expiry = plan.expiry(after: Date())
        context.state.activate(userID: userID, productID: plan.productID, expiresAt: expiry)
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><title>Purchase complete</title></head>
            <body><h1>Purchase complete</h1><p>\(escapeHTML(plan.productID)) is active until \
            \(isoString(expiry)). You can return to Lyra.</p></body></html>

            """
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(page.utf8))
    }

    // MARK: - JSON pieces

    private static func paywallJSON(userID: String, baseURL: String) -> JSONValue {
        let user = PercentDecoding.encode(userID)
        let products = SubscriptionPlan.catalog.map {
            $0.remoteConfigJSON(checkoutURL: "\(baseURL)/checkout/\(user)/\($0.productID)")
        }
        let remoteConfig = JSONValue.object([("products", .array(products))]).serialized
        return .object([
            ("id", .string("paywall-main")),
            ("identifier", .string("main")),
            ("name", .string("Lyra Premium")),
            ("default", .bool(true)),
            ("items", .array(SubscriptionPlan.catalog.map {
                .object([("id", .string($0.productID)), ("product_id", .string($0.productID))])
            })),
            ("json", .string(remoteConfig)),
        ])
    }

    private static func subscriptionsJSON(_ purchases: [(productID: String, expiresAt: Date)]) -> [JSONValue] {
        let now = Date()
        return purchases.map { purchase in
            .object([
                ("id", .string("sub-\(purchase.productID)")),
                ("product_id", .string(purchase.productID)),
                ("status", .string(purchase.expiresAt > now ? "regular" : "expired")),
                ("expires_at", .string(isoString(purchase.expiresAt))),
                ("kind", .string("autorenewable")),
                ("autorenew_enabled", .bool(true)),
            ])
        }
    }

    /// ISO 8601 in UTC with milliseconds, e.g. `2026-11-29T10:05:00.123Z`.
    static func isoString(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    private static func escapeHTML(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }
}
