// Golden tests for the Markdown renderer: each Fixtures/markdown/NAME.md rendered at 60 columns must
// give NAME.expected line for line, with colour off and (escape sequences stripped) with colour on.
// `LYRA_UPDATE_GOLDENS=1 swift test --filter MarkdownGoldenTests` rewrites the .expected files (review the diff).
import Foundation
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct MarkdownGoldenTests {
    /// The golden files' directory.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/markdown")

    /// The width every golden is rendered at.
    static let width = 60

    /// The names of the goldens (NAME of NAME.md).
    static let names = ["tour", "code", "tables", "wide"]

    static func read(_ name: String, _ suffix: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name + suffix), encoding: .utf8)
    }

    @Test(arguments: names) func plainRenderingMatchesTheGolden(name: String) throws {
        let rendered = MarkdownRenderer.render(try Self.read(name, ".md"), width: Self.width, theme: .plain)
        let expected = try Self.read(name, ".expected")
        if ProcessInfo.processInfo.environment["LYRA_UPDATE_GOLDENS"] == "1" {
            try (rendered.joined(separator: "\n") + "\n").write(
                to: Self.directory.appendingPathComponent(name + ".expected"), atomically: true, encoding: .utf8)
        }
        #expect(rendered.joined(separator: "\n") + "\n" == expected)
    }

    @Test(arguments: names) func colouredRenderingShowsTheSameText(name: String) throws {
        let rendered = MarkdownRenderer.render(try Self.read(name, ".md"), width: Self.width, theme: Theme(colorLevel: .trueColor))
        #expect(rendered.contains { $0.contains("\u{1B}[") })
        #expect(ANSIText.strip(rendered.joined(separator: "\n")) + "\n" == (try Self.read(name, ".expected")))
    }
}
