// Tab completion of model names (SPEC §16): from the first Tab (a loader fills the names), bare ids
// of the current provider complete, and `/settings set render ` offers its values.
import Testing
@testable import LyraTerminal

@Suite struct ModelCompletionTests {
    private func engine(_ data: CompletionData) -> CompletionEngine {
        CompletionEngine(registry: CommandRegistry(commands: [ModelCommand(), SettingsCommand()]), data: data)
    }

    @Test func theFirstTabLoadsTheNamesAndBareIdsComplete() {
        let data = CompletionData()
        data.setLoader(for: [.providerNames, .modelIDs]) {
            [.providerNames: ["ollama", "openai"], .modelIDs: ["openai:stub-alpha", "openai:stub-beta"]]
        }
        #expect(engine(data).complete("/model stub-b").insertion == "eta ")
        #expect(engine(data).complete("/model openai:stub-a").insertion == "lpha ")
        #expect(engine(data).complete("/model oll").insertion == "ama ")
        #expect(engine(data).complete("/model stub-beta --d").insertion == "efault ")
        #expect(engine(data).complete("/settings set model stub-b").insertion == "eta ")
    }

    @Test func settingValuesComplete() {
        let data = CompletionData()
        #expect(engine(data).complete("/settings set render p").insertion == "lain ")
        #expect(engine(data).complete("/settings set allowInsecureHTTP t").insertion == "rue ")
    }
}
