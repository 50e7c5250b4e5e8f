// Table tests for the colour policy of SPEC §1 (--no-color, NO_COLOR, TERM=dumb, not a TTY).
import Testing
import LyraTerminal

@Suite struct ColorLevelTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let environment: [String: String]
        let noColorFlag: Bool
        let stdoutIsTTY: Bool
        let expected: ColorLevel
        var testDescription: String { "\(environment) flag=\(noColorFlag) tty=\(stdoutIsTTY) → \(expected)" }
    }

    static let cases: [Case] = [
        Case(environment: [:], noColorFlag: false, stdoutIsTTY: true, expected: .basic),
        Case(environment: ["TERM": "xterm"], noColorFlag: false, stdoutIsTTY: true, expected: .basic),
        Case(environment: ["TERM": "xterm-256color"], noColorFlag: false, stdoutIsTTY: true, expected: .ansi256),
        Case(environment: ["TERM": "screen-256color"], noColorFlag: false, stdoutIsTTY: true, expected: .ansi256),
        Case(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], noColorFlag: false, stdoutIsTTY: true,
             expected: .trueColor),
        Case(environment: ["TERM": "xterm", "COLORTERM": "24bit"], noColorFlag: false, stdoutIsTTY: true,
             expected: .trueColor),
        Case(environment: ["COLORTERM": "TrueColor"], noColorFlag: false, stdoutIsTTY: true, expected: .trueColor),
        Case(environment: ["COLORTERM": "yes", "TERM": "xterm"], noColorFlag: false, stdoutIsTTY: true,
             expected: .basic),
        // Everything that turns colour off wins over everything that turns it up.
        Case(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], noColorFlag: false, stdoutIsTTY: true,
             expected: .none),
        Case(environment: ["NO_COLOR": "", "TERM": "xterm-256color"], noColorFlag: false, stdoutIsTTY: true,
             expected: .ansi256),
        Case(environment: ["TERM": "dumb", "COLORTERM": "truecolor"], noColorFlag: false, stdoutIsTTY: true,
             expected: .none),
        Case(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], noColorFlag: true, stdoutIsTTY: true,
             expected: .none),
        Case(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], noColorFlag: false, stdoutIsTTY: false,
             expected: .none),
    ]

    @Test(arguments: cases)
    func resolvesLevel(_ testCase: Case) {
        let level = ColorLevel.resolve(
            environment: testCase.environment, noColorFlag: testCase.noColorFlag, stdoutIsTTY: testCase.stdoutIsTTY)
        #expect(level == testCase.expected)
    }

    @Test func levelsAreOrderedByCapability() {
        #expect(ColorLevel.allCases == [.none, .basic, .ansi256, .trueColor])
        #expect(ColorLevel.none < .basic && .basic < .ansi256 && .ansi256 < .trueColor)
    }
}
