// Tab completion of model names (SPEC §16): from the first Tab (a loader fills the names), bare ids
// of the current provider complete, and `/settings set render ` offers its values.
import Foundation
import Testing
@testable import LyraTerminal

@Suite struct ModelCompletionTests {
    private func engine(_ data: CompletionData) -> CompletionEngine {
        CompletionEngine(registry: CommandRegistry(commands: [ModelCommand(), SettingsCommand()]), data: data)
    }

    @Test func theFirstTabLoadsTheNamesAndBareIdsComplete() async {
        // A watchdog-sized wait for the loader (the product's is 5 s): a loaded machine may be slow
        // to give its task a thread. The first Tab runs on a thread of its own, as in the line editor.
        let data = CompletionData(loadTimeout: .seconds(120))
        data.setLoader(for: [.providerNames, .modelIDs]) {
            [.providerNames: ["ollama", "openai"], .modelIDs: ["openai:stub-alpha", "openai:stub-beta"]]
        }
        let engine = engine(data)
        let first = await onEditorLikeThread { engine.complete("/model stub-b").insertion }
        #expect(first == "eta ")
        #expect(engine.complete("/model openai:stub-a").insertion == "lpha ")
        #expect(engine.complete("/model oll").insertion == "ama ")
        #expect(engine.complete("/model stub-beta --d").insertion == "efault ")
        #expect(engine.complete("/settings set model stub-b").insertion == "eta ")
    }

    @Test func settingValuesComplete() {
        let data = CompletionData()
        #expect(engine(data).complete("/settings set render p").insertion == "lain ")
        #expect(engine(data).complete("/settings set allowInsecureHTTP t").insertion == "rue ")
    }
}
