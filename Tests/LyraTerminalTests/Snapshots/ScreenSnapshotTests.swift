// Golden tests: a few rendered screens (banner, a help card, a paywall card, a Markdown reply) in
// true colour, compared byte for byte with Fixtures/screens/*.txt (ESC written as `\e`).
// To accept a deliberate change: LYRA_UPDATE_SNAPSHOTS=1 swift test --filter ScreenSnapshotTests
import Foundation
import Testing
import LyraTestSupport
@testable import LyraTerminal

@Suite struct ScreenSnapshotTests {
    private let theme = Theme(colorLevel: .trueColor)

    @Test func banner() throws {
        try expectSnapshot("banner", Banner.render(version: "0.1.0", width: 80, theme: theme, level: .trueColor))
    }

    @Test func helpToolCard() throws {
        let card = ToolCard.render(title: "Writing", summary: "Improve, rewrite, shorten or translate a text.",
                                   command: "/improve [MODE] TEXT", width: 60, theme: theme)
        try expectSnapshot("help-card", card)
    }

    @Test func paywallCard() throws {
        let plan = PaywallCard.Plan(title: "Yearly", price: "$39.99 / year", weekly: "$0.77 / week",
                                    isBestValue: true, activeNote: nil)
        try expectSnapshot("paywall-card", PaywallCard.render(plan, width: 60, theme: theme))
    }

    @Test func markdownReply() throws {
        let reply = """
            # Kyoto in spring

            Visit **Kiyomizu-dera** early, then walk to *Gion*:

            - temples: `Kinkaku-ji`, Ginkaku-ji
            - food: yudofu and matcha

            ```swift
            let days = 3
            ```
            """
        try expectSnapshot("markdown-reply", MarkdownRenderer.render(reply, width: 60, theme: theme).joined(separator: "\n"))
    }

    /// Compares `rendered` with Fixtures/screens/NAME.txt (or writes it when LYRA_UPDATE_SNAPSHOTS=1).
    private func expectSnapshot(_ name: String, _ rendered: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = rendered.replacingOccurrences(of: "\u{1B}", with: "\\e") + "\n"
        let url = Fixtures.url("screens/\(name).txt")
        if ProcessInfo.processInfo.environment["LYRA_UPDATE_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = try Fixtures.string("screens/\(name).txt")
        #expect(text == expected, "screen '\(name)' differs from Fixtures/screens/\(name).txt", sourceLocation: sourceLocation)
    }
}
