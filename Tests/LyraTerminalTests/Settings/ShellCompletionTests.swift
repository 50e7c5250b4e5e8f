// `lyra --completions SHELL`: one script per shell naming every option; unknown shells refused.
import Testing
@testable import LyraTerminal

@Suite struct ShellCompletionTests {
    @Test func everyScriptKnowsTheOptionsAndServe() throws {
        for shell in ShellCompletion.shells {
            let script = try ShellCompletion.script(for: shell)
            #expect(script.hasSuffix("\n"))
            for word in ["serve", "demo", "base-url", "session", "continue", "bail", "echo", "no-color", "quiet",
                         "completions", "host", "port"] {
                #expect(script.contains(word), "\(shell) lacks \(word)")
            }
        }
        #expect(try ShellCompletion.script(for: "ZSH").hasPrefix("#compdef lyra"))
    }

    @Test func unknownShellsAreRefusedByName() {
        #expect(throws: ShellCompletion.UnknownShell(name: "tcsh")) { try ShellCompletion.script(for: "tcsh") }
        #expect(ShellCompletion.UnknownShell(name: "tcsh").errorDescription
            == "no completions for shell 'tcsh' (choose one of: bash, zsh, fish)")
    }
}
