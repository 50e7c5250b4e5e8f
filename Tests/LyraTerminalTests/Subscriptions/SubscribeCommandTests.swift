// `/subscribe` run in a real CommandContext against the local backend's Apphud emulation:
// cards in the REPL, lines in scripts, the buy wait ended by paying at the checkout URL,
// usage errors, completions, the premium cache and the missing-key error.
import Foundation
import Synchronization
import Testing
import LyraKit
import LyraTestSupport
@testable import LyraTerminal

@MainActor
private struct Harness {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let context: CommandContext
    let services: AppServices

    init(_ environment: TemporaryEnvironment, extra: [String: String], mode: InteractionMode = .script) {
        // No PATH: the checkout is never opened in a browser here.
        services = AppServices(options: LaunchOptions(), environment: environment.environment(adding: extra).merging(["PATH": ""]) { _, new in new })
        let interactive = mode == .interactive
        let terminal = Terminal(stdinIsTTY: interactive, stdoutIsTTY: interactive, stderrIsTTY: false,
                                colorLevel: interactive ? .trueColor : .none, columnsVariable: "80")
        context = CommandContext(
            console: Console(standardOutput: output, standardError: errors), theme: Theme(colorLevel: terminal.colorLevel),
            terminal: terminal, mode: mode, registry: CommandCatalog.standard(), completionData: CompletionData(),
            services: services, quiet: false)
    }

    func run(_ line: String) async throws {
        let interpreter = LineInterpreter(context: context)
        _ = try await interpreter.run(LogicalLine(head: line, block: nil, lineNumber: 1))
        context.console.flush()
    }
}

@MainActor
@Suite struct SubscribeCommandTests {
    @Test func scriptsGetOneLinePerPlan() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let harness = Harness(environment, extra: backend.lyraEnvironment)
        try await harness.run("/subscribe")
        #expect(harness.output.text == """
            subscription: not subscribed
            1. Weekly (lyra.weekly): 4.99 USD per week, 4.99 USD a week
            2. Monthly (lyra.monthly): 12.99 USD per month, 2.98 USD a week
            3. Yearly (lyra.yearly): 49.99 USD per year, 0.95 USD a week [best value]

            """)
    }

    @Test func theREPLShowsCardsWithTheBestOneInTheGradient() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let harness = Harness(environment, extra: backend.lyraEnvironment, mode: .interactive)
        try await harness.run("/subscribe")
        let plain = ANSIText.strip(harness.output.text)
        #expect(plain.contains("╭─ 3 · Yearly "))
        #expect(plain.contains("★ best value"))
        #expect(plain.contains("buy with /subscribe buy N"))
        #expect(harness.output.text.contains("\u{1B}[38;2;139;92;246m╭"))
    }

    @Test func buyingWaitsUntilTheCheckoutIsPaid() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let harness = Harness(environment, extra: backend.lyraEnvironment.merging(["LYRA_USER_ID": "buyer 1"]) { $1 },
                              mode: .interactive)
        let ended = Mutex(false)
        let buying = Task {
            defer { ended.withLock { $0 = true } }
            try await harness.run("/subscribe buy lyra.monthly")
        }
        // The paywall fetch, the checkout fetch, then at least one poll: the buyer is waiting.
        let deadline = ContinuousClock.now + .seconds(120)
        while try await backend.control.requests().filter({ $0.path == "/v1/customers" }).count < 3 {
            // A purchase that ended before it was paid says why (a CI run once waited out the deadline here).
            if ended.withLock({ $0 }) {
                try await buying.value
                Issue.record("the purchase ended unpaid: \(ANSIText.strip(harness.output.text))")
                return
            }
            #expect(ContinuousClock.now < deadline)
            if ContinuousClock.now >= deadline { buying.cancel(); return }
            try await Task.sleep(for: .milliseconds(10))
        }
        let url = try #require(URL(string: backend.url.absoluteString + "/checkout/buyer%201/lyra.monthly"))
        #expect(try await backend.control.fetch(url).0 == 200)
        try await buying.value
        let text = ANSIText.strip(harness.output.text)
        #expect(text.contains("Complete the purchase of Monthly (lyra.monthly) at:\n\(url.absoluteString)\n"))
        #expect(text.contains("purchased: Monthly (lyra.monthly) is active until "))
        #expect(try await harness.services.isPremium())
    }

    @Test func wrongUsageIsExplained() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let harness = Harness(environment, extra: backend.lyraEnvironment)
        await #expect(throws: CommandError.usage("unknown sub-command 'cancel': use buy, restore or status (see /help subscribe)")) {
            try await harness.run("/subscribe cancel")
        }
        await #expect(throws: CommandError.usage("usage: /subscribe buy N|PRODUCT_ID")) { try await harness.run("/subscribe buy") }
        await #expect(throws: CommandError.usage("--json is not available here: usage: /subscribe restore")) {
            try await harness.run("/subscribe restore --json")
        }
        await #expect(throws: SubscriptionError.unknownProduct("4", available: ["lyra.weekly", "lyra.monthly", "lyra.yearly"])) {
            try await harness.run("/subscribe buy 4")
        }
        #expect(harness.output.text.isEmpty)
    }

    @Test func withoutAKeyTheMessageNamesTheVariableAndTheStatusIs2() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let harness = Harness(environment, extra: backend.lyraEnvironment.merging(["LYRA_APPHUD_API_KEY": ""]) { $1 })
        do {
            try await harness.run("/subscribe status")
            Issue.record("expected an error")
        } catch {
            #expect(ErrorText.describe(error).contains("LYRA_APPHUD_API_KEY"))
            #expect(ExitStatus.forFailure(error) == .usage)
        }
    }

    @Test func thePremiumSettingWinsAndDebugBuildsArePremium() async throws {
        let environment = try TemporaryEnvironment()
        let off = Harness(environment, extra: ["LYRA_PREMIUM": "0", "LYRA_APPHUD_API_KEY": "k"])
        #expect(try await off.services.isPremium() == false)
        let unset = Harness(environment, extra: [:])
        #expect(try await unset.services.isPremium() == AppServices.isDebugBuild)
    }

    @Test func theVideoGateGetsAPaywallSummary() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let harness = Harness(environment, extra: backend.lyraEnvironment)
        #expect(await harness.services.paywallSummary() == "Lyra Premium: 1. Weekly 4.99 USD per week · "
            + "2. Monthly 12.99 USD per month · 3. Yearly 49.99 USD per year (buy with /subscribe buy N)")
        let keyless = Harness(environment, extra: backend.lyraEnvironment.merging(["LYRA_APPHUD_API_KEY": ""]) { $1 })
        #expect(await keyless.services.paywallSummary() == "Lyra Premium unlocks this. Subscriptions need an Apphud key "
            + "(LYRA_APPHUD_API_KEY); to try /video without one, run lyra --demo")
    }

    @Test func completionOffersSubcommandsAndJSON() {
        let command = SubscribeCommand()
        #expect(command.completions(arguments: [], partial: "", data: CompletionData()) == ["buy", "restore", "status", "--json"])
        #expect(command.completions(arguments: [], partial: "r", data: CompletionData()) == ["restore"])
        #expect(command.completions(arguments: ["status"], partial: "--", data: CompletionData()) == ["--json"])
        #expect(command.completions(arguments: ["buy"], partial: "", data: CompletionData()).isEmpty)
    }
}
