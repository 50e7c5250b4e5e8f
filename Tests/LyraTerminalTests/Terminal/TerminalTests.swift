// Tests for Terminal: width policy (window, COLUMNS, 80, at least 20), interactivity, detection.
import Testing
import LyraTerminal
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

@Suite struct TerminalTests {
    struct WidthCase: Sendable {
        let stdoutColumns: Int?
        let stderrColumns: Int?
        let columnsVariable: String?
        let expected: Int
    }

    static let widthCases: [WidthCase] = [
        WidthCase(stdoutColumns: 120, stderrColumns: 90, columnsVariable: "100", expected: 120),
        WidthCase(stdoutColumns: nil, stderrColumns: 90, columnsVariable: "100", expected: 90),
        WidthCase(stdoutColumns: 0, stderrColumns: 90, columnsVariable: nil, expected: 90),
        WidthCase(stdoutColumns: nil, stderrColumns: nil, columnsVariable: "132", expected: 132),
        WidthCase(stdoutColumns: nil, stderrColumns: nil, columnsVariable: " 100 ", expected: 100),
        WidthCase(stdoutColumns: nil, stderrColumns: nil, columnsVariable: "wide", expected: 80),
        WidthCase(stdoutColumns: nil, stderrColumns: nil, columnsVariable: "-3", expected: 80),
        WidthCase(stdoutColumns: nil, stderrColumns: nil, columnsVariable: nil, expected: 80),
        WidthCase(stdoutColumns: 10, stderrColumns: nil, columnsVariable: nil, expected: 20),
        WidthCase(stdoutColumns: nil, stderrColumns: nil, columnsVariable: "5", expected: 20),
    ]

    @Test(arguments: widthCases)
    func resolvesWidth(_ testCase: WidthCase) {
        let width = Terminal.resolveWidth(
            stdoutColumns: testCase.stdoutColumns, stderrColumns: testCase.stderrColumns,
            columnsVariable: testCase.columnsVariable)
        #expect(width == testCase.expected)
    }

    @Test func widthIsMeasuredOnEveryRead() {
        let measured = MeasuredWidth(77)
        let terminal = Terminal(
            stdinIsTTY: true, stdoutIsTTY: false, stderrIsTTY: true, colorLevel: .none,
            columnsVariable: "100", windowColumns: { fd in fd == 2 ? measured.value : nil })
        #expect(terminal.width == 77)
        measured.value = 132
        #expect(terminal.width == 132)
    }

    @Test func interactiveNeedsStdinAndStdoutTerminals() {
        func terminal(_ stdin: Bool, _ stdout: Bool) -> Terminal {
            Terminal(stdinIsTTY: stdin, stdoutIsTTY: stdout, stderrIsTTY: true, colorLevel: .none)
        }
        #expect(terminal(true, true).isInteractive)
        #expect(!terminal(true, false).isInteractive)
        #expect(!terminal(false, true).isInteractive)
    }

    @Test func detectUsesIsattyAndColourPolicy() {
        let environment = ["TERM": "xterm-256color", "COLUMNS": "91"]
        let terminal = Terminal.detect(environment: environment, noColorFlag: false)
        #expect(terminal.stdinIsTTY == (isatty(0) == 1))
        #expect(terminal.stdoutIsTTY == (isatty(1) == 1))
        #expect(terminal.stderrIsTTY == (isatty(2) == 1))
        #expect(terminal.colorLevel == (terminal.stdoutIsTTY ? .ansi256 : .none))
        #expect(terminal.columnsVariable == "91")
        #expect(Terminal.detect(environment: environment, noColorFlag: true).colorLevel == .none)
        #expect(terminal.width >= Terminal.minimumWidth)
    }

    @Test func measuringAPipeGivesNoWidth() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(Terminal.measureWindowColumns(fds[1]) == nil)
    }
}

/// A width the test changes between reads.
final class MeasuredWidth: Sendable {
    private let storage: Atomic<Int>
    init(_ value: Int) { storage = Atomic(value) }
    var value: Int {
        get { storage.load(ordering: .relaxed) }
        set { storage.store(newValue, ordering: .relaxed) }
    }
}
