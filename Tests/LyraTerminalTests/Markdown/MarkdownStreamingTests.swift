// How a streamed reply is committed: a line appears once its `\n` arrives (never before, never
// again), a table waits for its end to align its columns, finish() flushes what is left.
import Testing
@testable import LyraTerminal

@Suite struct MarkdownStreamingTests {
    @Test func aLineIsCommittedWhenItEnds() {
        var renderer = MarkdownStreamRenderer(width: 40, theme: .plain)
        #expect(renderer.append("Hello **wor").isEmpty)
        #expect(renderer.unfinishedLine == "Hello **wor")
        #expect(renderer.append("ld**\n- it") == ["Hello world"])
        #expect(renderer.unfinishedLine == "- it")
        #expect(renderer.append("em\n\n") == ["• item"])
        #expect(renderer.finish().isEmpty)
    }

    @Test func aCodeLineIsShownAsSoonAsItEnds() {
        var renderer = MarkdownStreamRenderer(width: 40, theme: .plain)
        #expect(renderer.append("```py\nprint(1)\n") == ["py", "print(1)"])
        #expect(renderer.append("```\ndone") == [])
        #expect(renderer.finish() == ["done"])
    }

    @Test func aTableIsShownWhenItEnds() {
        var renderer = MarkdownStreamRenderer(width: 40, theme: .plain)
        #expect(renderer.append("| a | b |\n").isEmpty)
        #expect(renderer.append("|---|---|\n| long cell | 1 |\n").isEmpty)
        #expect(renderer.append("after\n") == ["a          b", "─────────  ─", "long cell  1", "after"])
    }

    @Test func finishFlushesAnOpenTableAndAHeldLine() {
        var table = MarkdownStreamRenderer(width: 40, theme: .plain)
        #expect(table.append("| x |\n|:-:|\n| y |").isEmpty)
        #expect(table.finish() == ["x", "─", "y"])
        var held = MarkdownStreamRenderer(width: 40, theme: .plain)
        #expect(held.append("a | b\n").isEmpty)
        #expect(held.finish() == ["a | b"])
    }

    @Test func splitCarriageReturnLineFeedAndClustersJoinUp() {
        var renderer = MarkdownStreamRenderer(width: 40, theme: .plain)
        #expect(renderer.append("cafe").isEmpty)
        #expect(renderer.append("\u{301} one\r").isEmpty)
        #expect(renderer.append("\ntwo\r\n") == ["café one", "two"])
    }
}
