// Parsing `/improve [MODE] TEXT`: modes, values, the raw text, blocks, `-`, and the usage errors;
// where `-` may read standard input; and Tab completion of the mode flags.
import Testing
import LyraKit
@testable import LyraTerminal

@Suite struct ImproveInvocationTests {
    /// Arguments as the line interpreter builds them for `/improve RAW`.
    private func arguments(_ raw: String, block: String? = nil) throws -> CommandArguments {
        CommandArguments(words: try ArgumentSplitter.split(raw), raw: raw, block: block)
    }

    private func parse(_ raw: String, block: String? = nil) throws -> ImproveInvocation {
        try ImproveInvocation.parse(try arguments(raw, block: block))
    }

    @Test(arguments: [
        ("fix  this", WritingMode.improve, "fix  this"),
        ("--rewrite we are late", .rewrite, "we are late"),
        ("--grammar teh cat", .grammar, "teh cat"),
        ("--shorten One. Two.", .shorten, "One. Two."),
        ("--translate de hello  world", .translate("de"), "hello  world"),
        ("--translate=ja hello", .translate("ja"), "hello"),
        ("--style \"very formal\" hey there", .style("very formal"), "hey there"),
        ("--style=casual Good evening", .style("casual"), "Good evening"),
        ("-- --rewrite is text", .improve, "--rewrite is text"),
        ("--shorten -- --x", .shorten, "--x"),
    ])
    func modesAndTheRawRestOfTheLine(raw: String, mode: WritingMode, text: String) throws {
        #expect(try parse(raw) == ImproveInvocation(mode: mode, text: .given(text)))
    }

    @Test func aBlockIsTheText() throws {
        #expect(try parse("--shorten", block: "line one\nline two")
            == ImproveInvocation(mode: .shorten, text: .given("line one\nline two")))
        #expect(try parse("--translate fr", block: "") == ImproveInvocation(mode: .translate("fr"), text: .given("")))
    }

    @Test func dashMeansStandardInputAndNothingMeansMissing() throws {
        #expect(try parse("--grammar -") == ImproveInvocation(mode: .grammar, text: .standardInput))
        #expect(try parse("- and more").text == .given("- and more"))
        #expect(try parse("").text == .missing)
        #expect(try parse("--rewrite").text == .missing)
    }

    @Test func twoModesAreAUsageError() throws {
        #expect(throws: CommandError.usage("choose one mode: --rewrite and --shorten were both given")) {
            try parse("--rewrite --shorten text")
        }
        #expect(throws: CommandError.self) { try parse("--translate de --style formal text") }
        #expect(throws: CommandError.self) { try parse("--grammar --grammar text") }
    }

    @Test func unknownFlagsAreNamed() throws {
        let error = #expect(throws: CommandError.self) { try parse("--loud text") }
        #expect(error?.errorDescription?.hasPrefix("unknown option '--loud' for /improve") == true)
        #expect(throws: CommandError.usage("--shorten takes no value")) { try parse("--shorten=yes text") }
    }

    @Test func translateAndStyleNeedAValue() throws {
        #expect(throws: WritingError.missingLanguage) { try parse("--translate") }
        #expect(throws: WritingError.missingLanguage) { try parse("--translate=") }
        #expect(throws: WritingError.missingLanguage) { try parse("--translate --shorten text") }
        #expect(throws: WritingError.missingLanguage) { try parse("--translate", block: "text in a block") }
        #expect(throws: WritingError.missingStyle) { try parse("--style") }
    }

    @Test func standardInputIsFreeOnlyForDashCAndScriptFiles() {
        typealias Action = LaunchOptions.Action
        let cases: [(Action, InteractionMode, Bool)] = [
            (.lines(["/improve -"]), .script, false),
            (.file("script.lyra"), .script, false),
            (.file("-"), .script, true),
            (.standard, .script, true),
            (.standard, .interactive, true),
        ]
        for (action, mode, expected) in cases {
            #expect(ImproveCommand.standardInputIsScript(action: action, mode: mode) == expected, "\(action) \(mode)")
        }
    }

    @Test func completionOffersModesThenLanguagesAndStyles() {
        let engine = CompletionEngine(registry: CommandRegistry(commands: [ImproveCommand()]), data: CompletionData())
        #expect(engine.complete("/improve --sh").insertion == "orten ")
        #expect(engine.complete("/improve --").candidates == ImproveInvocation.modeFlags)
        #expect(engine.complete("/improve --translate ").candidates.contains("de"))
        #expect(engine.complete("/improve --style fo").insertion == "rmal ")
        #expect(engine.complete("/improve --shorten some te").candidates.isEmpty)
        #expect(engine.complete("/improve hello wo").candidates.isEmpty)
    }

    @Test func theCatalogHasImprove() {
        #expect(CommandCatalog.standard().command(named: "improve") is ImproveCommand)
    }
}
