// Script mode end to end (SPEC §1, §2): the built binary reading stdin, -c and -f, with the
// diagnostics, exit statuses and plain output a script expects.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ScriptModeTests {
    private let helpListing: String

    init() async throws {
        let environment = try TemporaryEnvironment()
        helpListing = try await environment.runLyra(["-c", "/help"]).stdout
    }

    @Test func commentsAndBlanksAreSkippedAndUnknownCommandsFailWithTheirLine() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(stdin: "# c\n\n/nosuch\n/help\n")
        #expect(result.stdout == helpListing)
        #expect(result.stdout.contains("/help"))
        #expect(result.stderr == "lyra: line 3: unknown command '/nosuch' (try /help)\n")
        #expect(result.status == 1)
    }

    @Test func bailStopsAtTheFirstFailureWithStatus3() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["--bail"], stdin: "# c\n\n/nosuch\n/help\n")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "lyra: line 3: unknown command '/nosuch' (try /help)\n")
        #expect(result.status == 3)
    }

    @Test func helpRunsFromDashCWithoutAnyEscapeSequence() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["-c", "/help"], extraEnvironment: ["TERM": "xterm-256color"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("/quit"))
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stderr.isEmpty)
    }

    @Test func anUnknownOptionIsAUsageErrorWithStatus2() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("lyra: unknown option '--bogus'\nusage: lyra"))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpAndVersionOptions() async throws {
        let environment = try TemporaryEnvironment()
        let help = try await environment.runLyra(["--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: lyra"))
        let version = try await environment.runLyra(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("lyra "))
    }

    @Test func echoPrintsEachRunLineBeforeItsOutput() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["--echo"], stdin: "# comment\n/help quit\n")
        #expect(result.stdout.hasPrefix("> /help quit\n/quit\n"))
        #expect(!result.stdout.contains("# comment"))
    }

    @Test func invalidUTF8IsReplacedNotFatal() async throws {
        let environment = try TemporaryEnvironment()
        var bytes = Data("/nosuch".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(contentsOf: Array("\n/help quit\n".utf8))
        let result = try await environment.runLyra(stdinData: bytes)
        #expect(result.stderr == "lyra: line 1: unknown command '/nosuch\u{FFFD}\u{FFFD}' (try /help)\n")
        #expect(result.stdout.hasPrefix("/quit"))
        #expect(result.status == 1)
    }

    @Test func aMultiMegabyteLineIsHandled() async throws {
        let environment = try TemporaryEnvironment()
        let huge = "/" + String(repeating: "x", count: 4 << 20)
        let result = try await environment.runLyra(stdin: huge + "\n/help quit\n")
        #expect(result.stderr == "lyra: line 1: unknown command '/\(String(repeating: "x", count: 40))…' (try /help)\n")
        #expect(result.stdout.hasPrefix("/quit"))
    }

    @Test func aScriptFileRunsAndAMissingOneIsAUsageError() async throws {
        let environment = try TemporaryEnvironment()
        let script = environment.workDirectory.appendingPathComponent("s.lyra")
        try Data("/help quit\r\n/nosuch\n".utf8).write(to: script)
        let result = try await environment.runLyra(["-f", script.path])
        #expect(result.stdout.hasPrefix("/quit"))
        #expect(result.stderr == "lyra: line 2: unknown command '/nosuch' (try /help)\n")
        let missing = try await environment.runLyra(["-f", "/nonexistent/x.lyra"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "lyra: cannot read '/nonexistent/x.lyra': No such file or directory\n")
    }

    @Test func anUnterminatedBlockFailsNamingWhereItOpened() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(stdin: "/help quit\n\"\"\"\nnever closed\n")
        #expect(result.stderr == "lyra: line 2: unterminated \"\"\" block\n")
        #expect(result.status == 1)
    }

    @Test func quitEndsTheScriptEarly() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(stdin: "/quit\n/nosuch\n")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func dashCLinesCountFromOne() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["-c", "/help quit", "-c", "/nope"])
        #expect(result.stderr == "lyra: line 2: unknown command '/nope' (try /help)\n")
        #expect(result.status == 1)
    }
}
