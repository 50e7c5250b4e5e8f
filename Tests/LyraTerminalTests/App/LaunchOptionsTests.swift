// The command line of SPEC §1.
import Testing
@testable import LyraTerminal

@Suite struct LaunchOptionsTests {
    @Test func noArgumentsMeansTheStandardAction() throws {
        #expect(try LaunchOptions.parse([]) == LaunchOptions())
    }

    @Test func linesAndFlagsAreCollected() throws {
        let options = try LaunchOptions.parse(["--bail", "-c", "/help", "--echo", "-c", "hi", "-q", "--no-color"])
        #expect(options.action == .lines(["/help", "hi"]))
        #expect(options.bail && options.echo && options.quiet && options.noColor)
    }

    @Test func valuesMayFollowOrBeInline() throws {
        #expect(try LaunchOptions.parse(["--base-url", "http://127.0.0.1:1"]).baseURL == "http://127.0.0.1:1")
        #expect(try LaunchOptions.parse(["--session=Trip plans"]).sessionReference == "Trip plans")
        #expect(try LaunchOptions.parse(["-f", "-"]).action == .file("-"))
    }

    @Test func serveTakesHostAndPort() throws {
        #expect(try LaunchOptions.parse(["serve", "--port", "0"]).action == .serve(host: "127.0.0.1", port: 0))
        #expect(try LaunchOptions.parse(["serve", "--host=::1", "--port=9"]).action == .serve(host: "::1", port: 9))
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["-c"], "-c needs a value"),
        (["serve", "--port", "x"], "--port needs a number from 0 to 65535"),
        (["-c", "x", "-f", "y"], "-c and -f cannot be combined"),
        (["--session", "1", "--continue"], "--session and --continue cannot be combined"),
    ])
    func badCommandLinesAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try LaunchOptions.parse(arguments) }
    }
}
