// `/subscribe`: the paywall (plans, price, weekly price, status), buy, restore and status (SPEC §5),
// on Apphud's REST API through `SubscriptionService`.
import Foundation
import LyraKit

/// Shows the paywall and manages the subscription.
public struct SubscribeCommand: Command {
    public let name = "subscribe"
    public let summary = "plans with weekly prices; buy, restore, status"
    public let usage = """
        /subscribe [--json]
        /subscribe buy N|PRODUCT_ID
        /subscribe restore
        /subscribe status [--json]
        """
    public let details = """
        Shows Lyra Premium's plans from Apphud: price, period, price per week (rounded down), the best \
        value and your active plan. On a terminal it is a picker: ↑/↓ choose a plan, Enter buys it, \
        Esc or q closes. Buying prints the plan's checkout URL (and opens it in a browser on a \
        terminal), then waits until the purchase is confirmed (LYRA_PURCHASE_TIMEOUT, default 300 s); \
        Ctrl-C stops waiting. Restore checks Apphud again. Status says when LYRA_PREMIUM or the \
        premium setting forces premium. Needs LYRA_APPHUD_API_KEY (or try it all with lyra --demo).
        """

    private static let subcommands = ["buy", "restore", "status"]

    /// Creates the command.
    public init() {}

    /// Sub-commands, then `--json` where it applies.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        let candidates: [String]
        switch arguments.first {
        case nil: candidates = Self.subcommands + ["--json"]
        case "status": candidates = arguments.count == 1 ? ["--json"] : []
        default: candidates = []
        }
        return candidates.filter { $0.hasPrefix(partial) }
    }

    /// Runs a form of `/subscribe`.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        var arguments = arguments
        let json = arguments.takeFlag("--json")
        let words = arguments.texts
        switch words.first {
        case nil:
            try await showPaywall(json: json, context: context)
        case "status":
            try expectNoMore(words, after: 1, form: "/subscribe status [--json]")
            try await showStatus(json: json, context: context)
        case "restore":
            try refuseJSON(json, form: "/subscribe restore")
            try expectNoMore(words, after: 1, form: "/subscribe restore")
            try await restore(context: context)
        case "buy":
            try refuseJSON(json, form: "/subscribe buy N|PRODUCT_ID")
            guard words.count == 2 else { throw CommandError.usage("usage: /subscribe buy N|PRODUCT_ID") }
            try await buy(words[1], context: context)
        case let other?:
            throw CommandError.usage("unknown sub-command '\(TextSanitizer.sanitize(other))': "
                + "use buy, restore or status (see /help subscribe)")
        }
        return .proceed
    }

    // MARK: - Forms

    @MainActor
    private func showPaywall(json: Bool, context: CommandContext) async throws {
        let service = try context.services.subscriptionService()
        let overview = try await waiting("loading plans", context: context) { try await service.overview() }
        context.services.rememberSubscription(overview.status)
        if json {
            context.console.writeLine(try SubscriptionJSON.paywall(overview))
        } else if context.isInteractive, context.terminal.stdinIsTTY, context.terminal.stdoutIsTTY,
                  let outcome = await PaywallPicker(overview: overview, context: context).run() {
            if case let .buy(index) = outcome { try await buy(String(index + 1), context: context) }
        } else if context.isInteractive {
            context.console.writeLine(PaywallPresenter.cards(overview, width: context.terminal.width, theme: context.theme))
            context.hint("buy with /subscribe buy N · restore with /subscribe restore")
        } else {
            PaywallPresenter.plainLines(overview).forEach(context.console.writeLine)
        }
    }

    @MainActor
    private func showStatus(json: Bool, context: CommandContext) async throws {
        if !json, let forced = try context.services.forcedPremiumLine() {
            context.console.writeLine(forced)
            guard (try? context.services.subscriptionService()) != nil else { return }
        }
        let service = try context.services.subscriptionService()
        let overview = try await waiting("checking subscription", context: context) { try await service.overview() }
        context.services.rememberSubscription(overview.status)
        if json {
            context.console.writeLine(try SubscriptionJSON.status(overview.status))
        } else {
            let line = PaywallPresenter.statusLine(overview.status, paywall: overview.paywall)
            context.console.writeLine(overview.status.isActive ? context.theme.paint(line, .success) : line)
        }
    }

    @MainActor
    private func restore(context: CommandContext) async throws {
        let service = try context.services.subscriptionService()
        let customer = try await waiting("restoring purchases", context: context) { try await service.restore() }
        let status = customer.status
        context.services.rememberSubscription(status)
        let paywall = try? customer.paywall(placement: service.placement)
        guard status.isActive else {
            context.console.writeLine("restored: no active subscription")
            return
        }
        let line = "restored: " + PaywallPresenter.statusLine(status, paywall: paywall)
        context.console.writeLine(context.theme.paint(line, .success))
    }

    // MARK: - Helpers

    /// Runs `work` with a spinner on a terminal's stderr.
    @MainActor
    func waiting<Value: Sendable>(_ label: String, context: CommandContext,
                                  _ work: () async throws -> Value) async throws -> Value {
        let spinner = context.makeSpinner()
        spinner.start(label)
        defer { spinner.stop() }
        return try await work()
    }

    private func expectNoMore(_ words: [String], after count: Int, form: String) throws {
        guard words.count <= count else {
            throw CommandError.usage("unexpected argument '\(TextSanitizer.sanitize(words[count]))': usage: \(form)")
        }
    }

    private func refuseJSON(_ json: Bool, form: String) throws {
        if json { throw CommandError.usage("--json is not available here: usage: \(form)") }
    }
}
