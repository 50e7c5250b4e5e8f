// `/subscribe` end to end: the built `lyra` against the local backend's Apphud emulation. Exact
// weekly prices, a buy completed by fetching the checkout URL, timeout, unknown plan, restore,
// 401, unreachable Apphud, missing placement, missing key, and Ctrl-C during the wait in the REPL.
import Foundation
import LyraTestSupport
import Testing

private struct PaywallJSON: Decodable {
    struct Product: Decodable, Equatable {
        var product_id: String
        var price: String
        var currency: String?
        var period: String?
        var weekly_price: String?
    }
    var active: Bool
    var products: [Product]
}

private struct StatusJSON: Decodable {
    var active: Bool
    var product_id: String?
    var expires_at: String?
}

private func environment(_ backend: RunningBackend, _ extra: [String: String] = [:]) -> [String: String] {
    backend.lyraEnvironment.merging(["LYRA_USER_ID": "e2e-user", "PATH": "/nonexistent"]) { $1 }.merging(extra) { $1 }
}

/// Waits until lyra has asked Apphud `count` times (paywall, checkout, then polls).
private func awaitCustomerRequests(_ backend: RunningBackend, _ count: Int) async throws {
    let deadline = ContinuousClock.now + .seconds(120)
    while try await backend.control.requests().filter({ $0.path == "/v1/customers" }).count < count {
        guard ContinuousClock.now < deadline else { throw CancellationError() }
        try await Task.sleep(for: .milliseconds(10))
    }
}

@Suite struct SubscribeTests {
    @Test func paywallJSONHasExactWeeklyPrices() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "/subscribe --json"], extraEnvironment: environment(backend))
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let paywall = try JSONDecoder().decode(PaywallJSON.self, from: result.stdoutData)
        #expect(paywall.active == false)
        // 4.99 a week; 12.99 × 84/365 = 2.989… → 2.98; 49.99 × 7/365 = 0.9587… → 0.95.
        #expect(paywall.products == [
            .init(product_id: "lyra.weekly", price: "4.99", currency: "USD", period: "P1W", weekly_price: "4.99"),
            .init(product_id: "lyra.monthly", price: "12.99", currency: "USD", period: "P1M", weekly_price: "2.98"),
            .init(product_id: "lyra.yearly", price: "49.99", currency: "USD", period: "P1Y", weekly_price: "0.95"),
        ])
        #expect(result.stdout.hasSuffix("}\n"))
        let request = try #require(try await backend.control.requests().first { $0.path == "/v1/customers" })
        // The backend answers 401 to any other key than RunningBackend.apphudAPIKey; it records it masked.
        #expect(request.headers["apphud-api-key"] == "••••")
    }

    @Test func buyWaitsForTheCheckoutThenStatusIsActive() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let variables = environment(backend)
        let buying = Task { try await env.runLyra(["-c", "/subscribe buy 3"], extraEnvironment: variables) }
        try await awaitCustomerRequests(backend, 3)
        let checkout = try #require(URL(string: backend.url.absoluteString + "/checkout/e2e-user/lyra.yearly"))
        #expect(try await backend.control.fetch(checkout).0 == 200)
        let bought = try await buying.value
        #expect(bought.status == 0, "\(bought.stderr)")
        let lines = bought.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == checkout.absoluteString)
        #expect(lines.last?.hasPrefix("purchased: Yearly (lyra.yearly) is active until ") == true)

        let status = try await env.runLyra(["-c", "/subscribe status --json"], extraEnvironment: variables)
        let decoded = try JSONDecoder().decode(StatusJSON.self, from: status.stdoutData)
        #expect(decoded.active)
        #expect(decoded.product_id == "lyra.yearly")
        #expect(decoded.expires_at?.hasSuffix("Z") == true)

        let again = try await env.runLyra(["-c", "/subscribe buy lyra.yearly"], extraEnvironment: variables)
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("already subscribed: active: Yearly (lyra.yearly) until "))
    }

    @Test func anUnpaidPurchaseTimesOut() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "/subscribe buy 1"],
                                           extraEnvironment: environment(backend, ["LYRA_PURCHASE_TIMEOUT": "0.2"]))
        #expect(result.status == 1)
        #expect(result.stdout == backend.url.absoluteString + "/checkout/e2e-user/lyra.weekly\n")
        #expect(result.stderr == "lyra: line 1: the purchase of lyra.weekly was not confirmed within 0.2 s; "
            + "if you paid, run /subscribe restore\n")
    }

    @Test func anUnknownPlanIsRefusedBeforeAnyCheckout() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "/subscribe buy lyra.forever"], extraEnvironment: environment(backend))
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "lyra: line 1: unknown product 'lyra.forever': choose 1-3 or one of "
            + "lyra.weekly, lyra.monthly, lyra.yearly\n")
    }

    @Test func restoreReportsTheActivePlan() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let before = try await env.runLyra(["-c", "/subscribe restore"], extraEnvironment: environment(backend))
        #expect(before.stdout == "restored: no active subscription\n")
        // Restore refreshes the customer once.
        #expect(try await backend.control.requests().filter { $0.path == "/v1/customers" }.count == 1)
        let checkout = try #require(URL(string: backend.url.absoluteString + "/checkout/e2e-user/lyra.monthly"))
        _ = try await backend.control.fetch(checkout)
        let after = try await env.runLyra(["-c", "/subscribe restore", "-c", "/subscribe status"],
                                          extraEnvironment: environment(backend))
        #expect(after.status == 0)
        let lines = after.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("restored: active: Monthly (lyra.monthly) until ") == true)
        #expect(lines.last?.hasPrefix("active: Monthly (lyra.monthly) until ") == true)
    }

    @Test func forcedPremiumIsShownAsSuch() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let keyless = try await env.runLyra(["-c", "/subscribe status"], extraEnvironment: environment(
            backend, ["LYRA_APPHUD_API_KEY": "", "LYRA_PREMIUM": "1"]))
        #expect(keyless.status == 0, "\(keyless.stderr)")
        #expect(keyless.stdout == "premium: forced by LYRA_PREMIUM\n")
        let withKey = try await env.runLyra(["-c", "/subscribe status"], extraEnvironment: environment(
            backend, ["LYRA_PREMIUM": "0"]))
        #expect(withKey.stdout.hasPrefix("premium: forced off by LYRA_PREMIUM\n"))
        #expect(withKey.stdout.split(separator: "\n").count == 2)
    }

    @Test func withoutAKeyVideoAndSubscribeShowTheWayForward() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let photo = Fixtures.url("photos/red.jpg").path
        let result = try await env.runLyra(["-c", "/video 1 \(photo)", "-c", "/subscribe"], extraEnvironment: environment(
            backend, ["LYRA_APPHUD_API_KEY": "", "LYRA_PREMIUM": "0"]))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.contains("LYRA_APPHUD_API_KEY") == true)
        #expect(lines.first?.contains("lyra --demo") == true)
        #expect(lines.last?.contains("lyra --demo") == true)
        #expect(!result.stderr.contains("see /subscribe"))
    }

    @Test func withoutAKeyTheVariableIsNamedAndTheStatusIs2() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "/subscribe"],
                                           extraEnvironment: environment(backend, ["LYRA_APPHUD_API_KEY": ""]))
        #expect(result.status == 2)
        #expect(result.stderr.contains("LYRA_APPHUD_API_KEY"))
        #expect(try await backend.control.requests().isEmpty)
    }

    @Test func apphudFailuresHaveClearMessages() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.injectFault(path: "/v1/customers", status: 401)
        let refused = try await env.runLyra(["-c", "/subscribe status"], extraEnvironment: environment(backend))
        #expect(refused.status == 1)
        #expect(refused.stderr == "lyra: line 1: Apphud refused the API key (401): check LYRA_APPHUD_API_KEY\n")

        let placement = try await env.runLyra(["-c", "/subscribe"], extraEnvironment: environment(backend, ["LYRA_PLACEMENT": "promo"]))
        #expect(placement.stderr == "lyra: line 1: placement 'promo' not found in Apphud (available: main); set LYRA_PLACEMENT\n")

        let closed = try RunningBackend()
        let closedURL = closed.url.absoluteString
        closed.backend.stop()
        let unreachable = try await env.runLyra(["-c", "/subscribe"],
                                                extraEnvironment: environment(backend, ["LYRA_APPHUD_URL": closedURL]))
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.hasPrefix("lyra: line 1: cannot reach Apphud: "))
    }

    @Test func thePickerBuysTheThirdPlanAndClosesOnceItIsActive() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession([], extraEnvironment: environment(backend, ["COLORTERM": "truecolor"]))
        try await session.awaitOutput(containing: "›")
        session.mark()
        session.send("/subscribe\r")
        try await session.awaitOutput(containing: "Esc or q close")
        session.mark()
        session.send(.down)
        try await session.awaitOutput(containing: "▸ 2 · Monthly")
        session.mark()
        session.send(.down)
        try await session.awaitOutput(containing: "▸ 3 · Yearly")
        session.send(.enter)
        let checkout = "/checkout/e2e-user/lyra.yearly"
        let screen = try await session.awaitOutput(containing: checkout)
        let line = try #require(ANSIText.strip(screen).split(separator: "\n").first { $0.contains(checkout) })
        let url = try #require(URL(string: line.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(screen.contains("Complete the purchase of Yearly (lyra.yearly) at:"))
        let (status, _) = try await backend.control.fetch(url)
        #expect(status == 200)
        try await session.awaitOutput(containing: "purchased: Yearly (lyra.yearly) is active")
        session.send("/subscribe status\r")
        try await session.awaitOutput(containing: "active: Yearly (lyra.yearly)")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func thePickerClosesWithEscOrQAndBuysNothing() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession([], extraEnvironment: environment(backend))
        try await session.awaitOutput(containing: "›")
        for key in ["q", "\u{1B}"] {
            session.mark()
            session.send("/subscribe\r")
            try await session.awaitOutput(containing: "Esc or q close")
            session.mark()
            session.send(key)
            try await session.awaitOutput(containing: "›")
        }
        session.send("/quit\r")
        #expect(try await session.awaitExit() == 0)
        #expect(try await !backend.control.requests().contains { $0.path.contains("/checkout/") })
    }

    @Test func ctrlCStopsTheWaitInTheREPL() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession(["-q"], extraEnvironment: environment(backend))
        try await session.awaitOutput(containing: "›")
        session.send("/subscribe buy 2\r")
        try await session.awaitOutput(containing: "/checkout/e2e-user/lyra.monthly")
        try await awaitCustomerRequests(backend, 3)
        session.mark()
        session.send(.ctrlC)
        try await session.awaitOutput(containing: "cancelled")
        session.send("/subscribe status\r")
        try await session.awaitOutput(containing: "not subscribed")
        session.send("/quit\r")
        #expect(try await session.awaitExit() == 0)
    }
}
