// Resolving typed command names (exact, alias, unique prefix, ambiguous, did-you-mean) and the
// edit distance behind the suggestion; every registered command dispatches, is in /help and completes.
import Testing
@testable import LyraTerminal

@Suite struct CommandResolutionTests {
    private let registry = CommandCatalog.standard()

    private func resolvedName(_ typed: String) -> String? {
        guard case .command(let command) = registry.resolve(typed) else { return nil }
        return command.name
    }

    @Test func exactNamesAliasesAndUniquePrefixesRunTheirCommand() {
        #expect(resolvedName("help") == "help")
        #expect(resolvedName("HELP") == "help")
        #expect(resolvedName("exit") == "quit")
        #expect(resolvedName("sess") == "sessions")
        #expect(resolvedName("hel") == "help")
        #expect(resolvedName("ex") == "quit")
        #expect(resolvedName("lo") == nil)
    }

    @Test func anAmbiguousPrefixListsTheCandidates() throws {
        guard case .ambiguous(let candidates) = registry.resolve("s") else {
            Issue.record("expected an ambiguous resolution")
            return
        }
        #expect(candidates == ["/sessions", "/set", "/settings", "/subscribe", "/system"])
        #expect(throws: CommandError.ambiguousCommand("s", candidates: candidates)) {
            try registry.resolve("s").command(typed: "s")
        }
        #expect(CommandError.ambiguousCommand("s", candidates: candidates).errorDescription
            == "ambiguous command '/s': could be /sessions, /set, /settings, /subscribe, /system")
    }

    @Test func aNearNameIsSuggestedAndAFarOneKeepsTheSpecWording() {
        #expect(throws: CommandError.misspelledCommand("hepl", suggestion: "/help")) {
            try registry.resolve("hepl").command(typed: "hepl")
        }
        #expect(CommandError.misspelledCommand("hepl", suggestion: "/help").errorDescription
            == "unknown command '/hepl': did you mean /help?")
        #expect(throws: CommandError.misspelledCommand("sesions", suggestion: "/sessions")) {
            try registry.resolve("sesions").command(typed: "sesions")
        }
        #expect(throws: CommandError.misspelledCommand("ivmprove", suggestion: "/improve")) {
            try registry.resolve("ivmprove").command(typed: "ivmprove")
        }
        #expect(throws: CommandError.unknownCommand("x")) { try registry.resolve("x").command(typed: "x") }
        #expect(CommandError.unknownCommand("x").errorDescription == "unknown command '/x' (try /help)")
        #expect(throws: CommandError.unknownCommand("")) { try registry.resolve("").command(typed: "") }
        #expect(throws: CommandError.unknownCommand("zzzzzzzz")) {
            try registry.resolve("zzzzzzzz").command(typed: "zzzzzzzz")
        }
    }

    @Test(arguments: [
        ("", "", 0), ("help", "help", 0), ("hepl", "help", 1), ("hlp", "help", 1), ("helpp", "help", 1),
        ("sesions", "sessions", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "", 3), ("ca", "abc", 3),
        ("привет", "привте", 1),
    ])
    func editDistanceCountsInsertDeleteSubstituteAndSwap(source: String, target: String, expected: Int) {
        #expect(EditDistance.between(source, target) == expected)
        #expect(EditDistance.between(target, source) == expected)
    }

    @Test @MainActor func everyRegisteredCommandDispatchesIsInHelpAndCompletes() async throws {
        let test = try SettingsTestContext(interactive: false)
        let help = try await test.run("/help")
        let engine = CompletionEngine(registry: registry, data: CompletionData())
        for command in registry.commands {
            #expect(resolvedName(command.name) == command.name)
            for alias in command.aliases { #expect(resolvedName(alias) == command.name) }
            #expect(help.contains("/" + command.name + " "), "/help lacks /\(command.name)")
            let typed = "/" + command.name.prefix(max(1, command.name.count - 1))
            #expect(engine.complete(String(typed)).candidates.contains("/" + command.name))
            // A name that begins another (`/set`, `/settings`) completes to both, like a shell's.
            let longer = registry.commands.contains { $0.name != command.name && $0.name.hasPrefix(command.name) }
            #expect(engine.complete("/" + command.name).insertion == (longer ? "" : " "))
            let details = try await test.run("/help " + command.name)
            #expect(details.hasPrefix(command.usage.split(separator: "\n").first.map(String.init) ?? ""))
        }
    }
}
