// ImproveCommand run in a context with a captured console and a fake writing backend: exact script
// output, the bubble and word diff on a terminal (with and without colour), the REPL prompt for
// missing text, and errors for missing text in scripts.
import Foundation
import Synchronization
import Testing
import LyraKit
@testable import LyraTerminal

/// A backend that upper-cases the first letter and appends "." (a stand-in for the real rules),
/// recording each request.
private final class FakeWritingBackend: WritingBackend {
    private let received = Mutex<[AIWritingRequestDTO]>([])
    var requests: [AIWritingRequestDTO] { received.withLock { $0 } }
    let reply: @Sendable (String) -> String

    init(reply: @escaping @Sendable (String) -> String) { self.reply = reply }

    func improveText(_ request: AIWritingRequestDTO) async throws -> AIWritingResponseDTO {
        received.withLock { $0.append(request) }
        return AIWritingResponseDTO(resultText: reply(request.text))
    }
}

/// Follow-up lines typed at prompts, in order; records the prompts.
@MainActor
private final class ScriptedInput: FollowUpInput {
    var lines: [String]
    var prompts: [String] = []
    init(_ lines: [String]) { self.lines = lines }
    func nextLine(prompt: String) async -> String? {
        prompts.append(prompt)
        return lines.isEmpty ? nil : lines.removeFirst()
    }
    func nextSecret(prompt: String) async -> String? { await nextLine(prompt: prompt) }
}

@MainActor
private struct Harness {
    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    let context: CommandContext
    let backend: FakeWritingBackend

    init(mode: InteractionMode, colorLevel: ColorLevel = .none, quiet: Bool = false,
         reply: @escaping @Sendable (String) -> String) {
        let console = Console(standardOutput: stdout, standardError: stderr)
        let terminal = Terminal(stdinIsTTY: mode == .interactive, stdoutIsTTY: mode == .interactive,
                                stderrIsTTY: false, colorLevel: colorLevel, columnsVariable: "60")
        var options = LaunchOptions()
        options.action = .lines([])
        let services = AppServices(options: options, environment: [:])
        let backend = FakeWritingBackend(reply: reply)
        services.writingServices.prime(WritingService(backend: backend), for: nil)
        self.backend = backend
        context = CommandContext(console: console, theme: Theme(colorLevel: colorLevel), terminal: terminal, mode: mode,
                                 registry: CommandCatalog.standard(), completionData: CompletionData(),
                                 services: services, quiet: quiet)
    }

    func run(_ raw: String, block: String? = nil) async throws {
        let arguments = CommandArguments(words: try ArgumentSplitter.split(raw), raw: raw, block: block)
        _ = try await ImproveCommand().run(arguments, context: context)
        context.console.flush()
    }
}

@MainActor
@Suite struct ImproveCommandTests {
    static let capitalise: @Sendable (String) -> String = { $0.prefix(1).uppercased() + $0.dropFirst() + "." }

    @Test func aScriptPrintsTheResultExactlyAndSanitised() async throws {
        let harness = Harness(mode: .script) { _ in "Clean \u{1B}]0;evil\u{7}text\u{1B}[2J\n\nwith lines" }
        try await harness.run("--shorten some text")
        #expect(harness.stdout.text == "Clean text\n\nwith lines\n")
        #expect(harness.stderr.text.isEmpty)
        #expect(harness.backend.requests == [AIWritingRequestDTO(text: "some text", mode: .shorten)])
    }

    @Test func aTerminalShowsTheResultAsAReplyAndAMarkedDiffWithoutColour() async throws {
        let harness = Harness(mode: .interactive, reply: ImproveCommandTests.capitalise)
        try await harness.run("teh cat")
        // As a live reply is shown: the label line, then the text rendered and wrapped (no box).
        let expected = "╭─ lyra\nTeh cat.\nchanges:\n[-teh-]{+Teh+} cat{+.+}\n"
        #expect(harness.stdout.text == expected)
    }

    @Test func aColourTerminalPaintsTheDiff() async throws {
        let harness = Harness(mode: .interactive, colorLevel: .basic, reply: ImproveCommandTests.capitalise)
        try await harness.run("--grammar teh cat")
        let theme = Theme(colorLevel: .basic)
        #expect(harness.stdout.text.hasSuffix(theme.paint("teh", .diffDelete) + theme.paint("Teh", .diffInsert)
            + " cat" + theme.paint(".", .diffInsert) + "\n"))
        #expect(!harness.stdout.text.contains("[-"))
    }

    @Test func unchangedTextSaysSoInsteadOfADiff() async throws {
        let harness = Harness(mode: .interactive) { $0 }
        try await harness.run("Already fine.")
        #expect(harness.stdout.text.hasSuffix("Already fine.\nno changes\n"))
        #expect(!harness.stdout.text.contains("changes:"))
    }

    @Test func theREPLAsksForMissingTextOnOneLine() async throws {
        let harness = Harness(mode: .interactive, reply: ImproveCommandTests.capitalise)
        let input = ScriptedInput(["typed text"])
        harness.context.input = input
        try await harness.run("--rewrite")
        #expect(input.prompts == ["text › "])
        #expect(harness.backend.requests == [AIWritingRequestDTO(text: "typed text", mode: .rewrite)])
    }

    @Test func theREPLPromptTakesABlock() async throws {
        let harness = Harness(mode: .interactive, reply: ImproveCommandTests.capitalise)
        let input = ScriptedInput(["\"\"\"", "first line", "", "  third \"\"\" line", "\"\"\"", "not read"])
        harness.context.input = input
        try await harness.run("")
        #expect(harness.backend.requests.map(\.text) == ["first line\n\n  third \"\"\" line"])
        #expect(input.lines == ["not read"])
    }

    @Test func endOfInputAtThePromptCancels() async throws {
        let harness = Harness(mode: .interactive, reply: ImproveCommandTests.capitalise)
        let input = ScriptedInput([])
        harness.context.input = input
        await #expect(throws: CommandError.cancelled) { try await harness.run("") }
        #expect(harness.backend.requests.isEmpty)
    }

    @Test func aScriptWithoutTextFailsWithoutAsking() async throws {
        let harness = Harness(mode: .script, reply: ImproveCommandTests.capitalise)
        let input = ScriptedInput(["next script line"])
        harness.context.input = input
        await #expect(throws: ImproveInputError.missingText) { try await harness.run("--grammar  ") }
        #expect(input.prompts.isEmpty)
        #expect(harness.backend.requests.isEmpty)
    }

    @Test func dashInTheREPLIsRefused() async throws {
        let harness = Harness(mode: .interactive, reply: ImproveCommandTests.capitalise)
        let error = await #expect(throws: ImproveInputError.self) { try await harness.run("-") }
        #expect(error?.errorDescription?.contains("\"\"\"") == true)
    }
}
