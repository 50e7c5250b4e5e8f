// An error in the REPL is wrapped to the terminal's width (issue 16), one `error:` label.
import Foundation
import Testing
@testable import LyraTerminal

@MainActor @Suite struct REPLErrorWrapTests {
    @Test func aLongErrorIsWrappedToTheTerminalWidth() throws {
        let setup = try SettingsTestContext(columns: 30)
        let message = "server error 500: the model is overloaded right now, please try again later"
        let text = REPL.errorLines(message, context: setup.context)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 30 })
        #expect(lines.first?.hasPrefix("error: server error 500:") == true)
        // Continuation lines stand under the message, after the label.
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("       ") && !$0.hasPrefix("        ") })
        #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == "error: " + message)
        #expect(text.hasSuffix("\n"))
    }
}
