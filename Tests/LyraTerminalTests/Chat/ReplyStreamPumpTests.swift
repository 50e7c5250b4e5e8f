// A streamed reply handed over in many pieces from other threads (ReplyStreamPump): on a terminal
// what stays on screen is the Markdown renderer's lines for the whole text, once, in order; in a
// script the text comes out whole and in order, pieces handed over together going out in one write.
import Foundation
import Synchronization
import Testing
import LyraKit
@testable import LyraTerminal

/// Counts the writes it receives, keeping their bytes.
private final class CountingSink: OutputSink {
    private let state = Mutex<(writes: Int, bytes: [UInt8])>((0, []))
    func write(_ bytes: UnsafeRawBufferPointer) {
        state.withLock { $0.writes += 1; $0.bytes.append(contentsOf: bytes) }
    }
    var writes: Int { state.withLock { $0.writes } }
    var text: String { String(decoding: state.withLock { $0.bytes }, as: UTF8.self) }
}

@MainActor
private func context(interactive: Bool, stdout: CountingSink) -> CommandContext {
    let console = Console(standardOutput: stdout, standardError: CapturedOutput())
    let terminal = Terminal(stdinIsTTY: interactive, stdoutIsTTY: interactive, stderrIsTTY: false,
                            colorLevel: .none, columnsVariable: "60")
    var options = LaunchOptions()
    options.action = .lines([])
    return CommandContext(console: console, theme: Theme(colorLevel: .none), terminal: terminal,
                          mode: interactive ? .interactive : .script, registry: CommandCatalog.standard(),
                          completionData: CompletionData(), services: AppServices(options: options, environment: [:]),
                          quiet: true)
}

/// A Markdown reply of a few hundred lines: headings, wrapped paragraphs, lists, code, a table.
private let reply = (1...40).map { section in
    """
    ## Part \(section)

    A paragraph long enough to wrap at sixty columns, with **bold**, *italic* and `code` in it, \
    and a [link](https://example.com/\(section)) at its end.

    - an item
      - a nested item with a few more words than fit on one line of sixty columns
    1. a numbered item

    ```swift
    let part = \(section)
    ```

    | part | value |
    |---|---:|
    | \(section) | \(section * 7) |

    """
}.joined()

/// `text` cut into pieces of one to seven bytes' worth of characters.
private func pieces(of text: String) -> [String] {
    var result: [String] = [], rest = Substring(text), size = 1
    while !rest.isEmpty {
        result.append(String(rest.prefix(size)))
        rest = rest.dropFirst(size)
        size = size % 7 + 1
    }
    return result
}

/// What stays on screen: the transcript with every erased live preview taken out.
private func committed(_ output: String) -> String {
    output.replacing(/([^\n\r]*)\r(?:\x1B\[1A)*\x1B\[J/.matchingSemantics(.unicodeScalar), with: "")
}

/// Hands `parts` to `pump` from a task off the main actor, one call each, and waits until all are handed over.
private func handOver(_ parts: [String], to onText: @escaping @Sendable (String) -> Void) async {
    await Task.detached {
        for part in parts { onText(part) }
    }.value
}

@Suite @MainActor struct ReplyStreamPumpTests {
    @Test func onATerminalAReplyInManyPiecesShowsTheRenderersLinesOnceInOrder() async {
        let stdout = CountingSink()
        let pump = ReplyStreamPump(context: context(interactive: true, stdout: stdout), render: .markdown, label: "")
        let parts = pieces(of: reply)
        // Two halves from two tasks in turn, the main actor free to show the first while the second comes.
        await handOver(Array(parts.prefix(parts.count / 2)), to: pump.onText)
        await Task.yield()
        await handOver(Array(parts.dropFirst(parts.count / 2)), to: pump.onText)
        await pump.finish(completed: true)
        let expected = MarkdownRenderer.render(reply, width: 60, theme: Theme(colorLevel: .none), keepsMarkers: true)
        #expect(committed(stdout.text) == "╭─ lyra\n" + expected.joined(separator: "\n") + "\n")
    }

    @Test func inAScriptTheTextComesOutWholeAndInOrder() async {
        let stdout = CountingSink()
        let pump = ReplyStreamPump(context: context(interactive: false, stdout: stdout), render: .markdown, label: "")
        await handOver(pieces(of: reply), to: pump.onText)
        await pump.finish(completed: true)
        #expect(stdout.text == reply + "\n")
    }

    @Test func piecesHandedOverTogetherGoOutInOneWrite() async {
        let stdout = CountingSink()
        let pump = ReplyStreamPump(context: context(interactive: false, stdout: stdout), render: .markdown, label: "")
        let parts = pieces(of: reply)
        // The main actor is busy here, so every piece is waiting when the pump first looks.
        for part in parts { pump.onText(part) }
        await pump.finish(completed: true)
        #expect(stdout.text == reply + "\n")
        #expect(stdout.writes == 2, "\(parts.count) pieces in \(stdout.writes) writes (the text, then the last newline)")
    }

    @Test func piecesAfterTheDrainAreDroppedAndAToolCardWaitsForThePiecesBeforeIt() async {
        let stdout = CountingSink()
        let pump = ReplyStreamPump(context: context(interactive: false, stdout: stdout), render: .plain, label: "")
        pump.onText("before the card")
        await pump.interject(["[tool card]"])
        pump.onText("after it")
        await pump.finish(completed: true)
        pump.onText("too late")
        #expect(stdout.text == "before the card\n[tool card]\nafter it\n")
    }

    @Test func onATerminalWithoutColourTextAfterAToolCardKeepsItsMarkers() async {
        let stdout = CountingSink()
        let pump = ReplyStreamPump(context: context(interactive: true, stdout: stdout), render: .markdown, label: "")
        pump.onText("the ~~old~~ plan\n\n")
        await pump.interject(["[tool card]"])
        pump.onText("the ~~new~~ plan and `code`\n")
        await pump.finish(completed: true)
        let shown = committed(stdout.text)
        #expect(shown.contains("~~old~~"))
        #expect(shown.contains("~~new~~ plan and `code`"), "\(shown)")
    }
}
