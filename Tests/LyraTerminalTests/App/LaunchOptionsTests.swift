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
        #expect(try LaunchOptions.parse(["serve", "--port", "0"]).action == .serve(ServeOptions(host: "127.0.0.1", port: 0)))
        #expect(try LaunchOptions.parse(["serve", "--host=::1", "--port=9"]).action == .serve(ServeOptions(host: "::1", port: 9)))
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

@Suite struct OneShotLaunchOptionsTests {
    @Test func wordsAfterTheOptionsAreOnePrompt() throws {
        #expect(try LaunchOptions.parse(["what", "is", "rust"]).action == .prompt("what is rust"))
        let options = try LaunchOptions.parse(["-q", "--continue", "what is rust"])
        #expect(options.action == .prompt("what is rust"))
        #expect(options.quiet && options.continueLatest)
        #expect(try LaunchOptions.parse(["--session", "Trip", "and then?"]).sessionReference == "Trip")
        // Options may stand after the prompt words (SPEC §16); after `--` every word is the prompt.
        let after = try LaunchOptions.parse(["hi", "--model", "demo", "there", "-s", "Be brief."])
        #expect(after.action == .prompt("hi there") && after.model == "demo" && after.system == "Be brief.")
        #expect(try LaunchOptions.parse(["-m", "ollama", "hi"]).model == "ollama")
        #expect(try LaunchOptions.parse(["explain", "--", "-c", "--help"]).action == .prompt("explain -c --help"))
        #expect(throws: UsageError(message: "unknown option '--bogus' (put -- before prompt words that start with -)")) {
            try LaunchOptions.parse(["explain", "--bogus"])
        }
    }

    @Test func everythingAfterDoubleDashIsThePromptAndServeIsOnlyAFirstWord() throws {
        #expect(try LaunchOptions.parse(["--", "-c"]).action == .prompt("-c"))
        #expect(try LaunchOptions.parse(["--demo", "--", "--help", "me"]).action == .prompt("--help me"))
        #expect(try LaunchOptions.parse(["serve"]).action == .serve(ServeOptions(host: "127.0.0.1", port: 8080)))
        #expect(try LaunchOptions.parse(["--", "serve"]).action == .prompt("serve"))
        #expect(try LaunchOptions.parse(["-q", "serve"]).action == .prompt("serve"))
    }

    @Test(arguments: [
        (["--"], "-- needs a PROMPT after it"),
        (["", " "], "the PROMPT is empty"),
        (["-c", "/help", "hello"], "a PROMPT cannot be combined with -c, -f, --completions or --version "
            + "(put -- before a prompt that starts with -)"),
        (["-f", "script.lyra", "hello"], "a PROMPT cannot be combined with -c, -f, --completions or --version "
            + "(put -- before a prompt that starts with -)"),
    ])
    func badPromptsAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try LaunchOptions.parse(arguments) }
    }
}
