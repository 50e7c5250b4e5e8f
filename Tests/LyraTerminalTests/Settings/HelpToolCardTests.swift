// /help on a terminal shows tool cards for the registered tools; scripts keep the one-line list.
import Foundation
import Testing
@testable import LyraTerminal

@MainActor @Suite struct HelpToolCardTests {
    private struct Tool: Command {
        let name: String
        let summary = "a tool"
        let usage: String
        @MainActor func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
            .proceed
        }
    }

    private let registry = CommandRegistry(commands: [
        HelpCommand(), Tool(name: "improve", usage: "/improve [MODE] TEXT\n/improve --help"),
        Tool(name: "video", usage: "/video TEMPLATE PHOTO [PHOTO [PHOTO]] [--prompt TEXT] [--out PATH]"),
    ])

    @Test func cardsOnATerminalFitFortyAndOneHundredTwentyColumns() async throws {
        for columns in [40, 120] {
            let setup = try SettingsTestContext(columns: columns, registry: registry)
            let printed = try await setup.run("/help")
            #expect(printed.contains("╭"))
            #expect(printed.contains("Improve writing"))
            #expect(printed.contains("/improve [MODE] TEXT"))
            #expect(!printed.contains("/improve --help"))
            #expect(printed.contains("Photo to video"))
            #expect(!printed.contains("Lyra Premium"), "no card for a command that is not registered")
            let widths = printed.split(separator: "\n").map { DisplayWidth.columns(of: String($0)) }
            #expect(widths.allSatisfy { $0 <= columns }, "\(columns): \(widths)")
        }
    }

    @Test func scriptsAndQuietKeepThePlainList() async throws {
        for (interactive, quiet) in [(false, false), (true, true)] {
            let setup = try SettingsTestContext(interactive: interactive, quiet: quiet, registry: registry)
            let printed = try await setup.run("/help")
            #expect(!printed.contains("╭"))
            #expect(printed.split(separator: "\n").count == registry.commands.count)
        }
    }
}
