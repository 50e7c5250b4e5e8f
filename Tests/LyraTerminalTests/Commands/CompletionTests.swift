// Tab completion: what gets inserted or listed for the text before the cursor.
import Testing
@testable import LyraTerminal

@Suite struct CompletionTests {
    private struct Stub: Command {
        let name = "sessions"
        let summary = "s"
        let usage = "/sessions"
        func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
            arguments.isEmpty ? ["switch", "show", "rename"] : data.names(.sessionTitles)
        }
        @MainActor func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
            .proceed
        }
    }

    private let data = CompletionData()
    private var engine: CompletionEngine {
        CompletionEngine(registry: CommandRegistry(commands: [HelpCommand(), QuitCommand(), Stub()]), data: data)
    }

    @Test func aUniqueCommandNameCompletesWithASpace() {
        #expect(engine.complete("/he").insertion == "lp ")
        #expect(engine.complete("/ex").insertion == "it ")
    }

    @Test func ambiguousWordsInsertTheCommonPrefixThenList() {
        let result = engine.complete("/sessions s")
        #expect(result.insertion == "")
        #expect(result.shouldList)
        #expect(result.candidates == ["switch", "show"])
        #expect(engine.complete("/sessions sw").insertion == "itch ")
    }

    @Test func argumentsCompleteFromCachedNamesWithSpacesEscaped() {
        data.set(.sessionTitles, ["Trip plans", "Taxes"])
        #expect(engine.complete("/sessions switch Tr").insertion == "ip\\ plans ")
    }

    @Test func helpCompletesCommandNames() {
        #expect(engine.complete("/help q").insertion == "uit ")
    }

    @Test func chatTextAndUnknownCommandsCompleteNothing() {
        #expect(engine.complete("hello wor").candidates.isEmpty)
        #expect(engine.complete("/nosuch x").candidates.isEmpty)
    }

    @Test func directoriesKeepCompleting() {
        #expect(CompletionResult(word: "Fix", candidates: ["Fixtures/"]).insertion == "tures/")
    }
}
