// The `"""` block state machine shared by the REPL and scripts.
import Testing
@testable import LyraTerminal

@Suite struct InputAssemblerTests {
    private func feedAll(_ lines: [String]) -> [LogicalLine] {
        var assembler = InputAssembler()
        return lines.enumerated().compactMap { assembler.feed($0.element, lineNumber: $0.offset + 1) }
    }

    @Test func aPlainLineIsCompleteAtOnce() {
        #expect(feedAll(["hello"]) == [LogicalLine(head: "hello", lineNumber: 1)])
    }

    @Test func aBlockJoinsItsLinesWithNewlines() {
        let lines = feedAll(["\"\"\"", "first", "", "  third", "\"\"\"", "after"])
        #expect(lines == [
            LogicalLine(head: "", block: "first\n\n  third", lineNumber: 1),
            LogicalLine(head: "after", lineNumber: 6),
        ])
    }

    @Test func aBlockAtTheEndOfACommandLineIsItsFinalArgument() {
        let lines = feedAll(["/improve --shorten \"\"\"", "One. Two.", "\"\"\""])
        #expect(lines == [LogicalLine(head: "/improve --shorten", block: "One. Two.", lineNumber: 1)])
    }

    @Test func onlyAnExactMarkerClosesTheBlock() {
        var assembler = InputAssembler()
        #expect(assembler.feed("\"\"\"", lineNumber: 1) == nil)
        #expect(assembler.feed(" \"\"\"", lineNumber: 2) == nil)
        #expect(assembler.feed("\"\"\" x", lineNumber: 3) == nil)
        #expect(assembler.isInsideBlock)
        #expect(assembler.feed("\"\"\"", lineNumber: 4) == LogicalLine(head: "", block: " \"\"\"\n\"\"\" x", lineNumber: 1))
        #expect(!assembler.isInsideBlock)
    }

    @Test func resetAbandonsAnOpenBlock() {
        var assembler = InputAssembler()
        _ = assembler.feed("\"\"\"", lineNumber: 1)
        _ = assembler.feed("draft", lineNumber: 2)
        assembler.reset()
        #expect(!assembler.isInsideBlock)
        #expect(assembler.feed("next", lineNumber: 3) == LogicalLine(head: "next", lineNumber: 3))
    }

    @Test func theOpenBlockRemembersItsFirstLine() {
        var assembler = InputAssembler()
        _ = assembler.feed("x", lineNumber: 1)
        _ = assembler.feed("\"\"\"", lineNumber: 2)
        #expect(assembler.openBlockLine == 2)
    }
}
