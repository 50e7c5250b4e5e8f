// `/subscribe` on a terminal: the plan cards drawn in place (no full screen), ↑/↓ to move the
// gradient border between them, Enter to buy, Esc or `q` to close. Keys are read in raw mode.
import Foundation
import LyraKit

/// The interactive paywall: redraws the cards at each key and returns the chosen plan.
@MainActor
struct PaywallPicker {
    /// What the user did.
    enum Outcome: Equatable {
        /// Enter on this plan (0-based).
        case buy(Int)
        /// Esc, `q`, or the end of input.
        case closed
    }

    /// The hint under the cards.
    static let hint = "↑/↓ choose · Enter buy · Esc or q close"

    let overview: SubscriptionService.Overview
    let context: CommandContext

    /// Shows the picker until a plan is chosen or it is closed; nil when raw mode is unavailable.
    func run() async -> Outcome? {
        let count = overview.paywall.products.count
        guard count > 0 else { return .closed }
        let reader = RawKeyReader()
        guard let keys = reader.start() else { return nil }
        defer { reader.stop() }
        var selected = min(max(overview.paywall.products.firstIndex { $0.productID == overview.status.productID } ?? 0, 0), count - 1)
        var drawn = draw(selected, erasing: 0)
        for await key in keys {
            switch key {
            case .up: selected = (selected + count - 1) % count
            case .down: selected = (selected + 1) % count
            case .enter: return .buy(selected)
            case .close: return .closed
            case .other: continue
            }
            drawn = draw(selected, erasing: drawn)
        }
        return .closed
    }

    /// Draws the cards with `selected` highlighted over the `erasing` lines drawn before; returns the lines drawn.
    private func draw(_ selected: Int, erasing lines: Int) -> Int {
        let text = PaywallPresenter.cards(overview, width: context.terminal.width, theme: context.theme, selected: selected)
            + "\n" + context.theme.paint(Self.hint, .muted)
        var output = lines > 0 ? "\u{1B}[\(lines)A\r\u{1B}[J" : ""
        output += text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        context.console.write(output)
        context.console.flush()
        return text.split(separator: "\n", omittingEmptySubsequences: false).count
    }
}
