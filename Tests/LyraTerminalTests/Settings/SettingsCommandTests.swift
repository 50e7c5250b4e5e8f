// /settings, /login, /logout run in a context: what they print and what they store.
import Foundation
import LyraKit
import Testing
@testable import LyraTerminal

/// Answers follow-up questions from a list, remembering which kind was asked.
@MainActor
final class ScriptedAnswers: FollowUpInput {
    var answers: [String?]
    var asked: [String] = []

    init(_ answers: [String?]) { self.answers = answers }

    func nextLine(prompt: String) async -> String? { take("line: " + prompt) }
    func nextSecret(prompt: String) async -> String? { take("secret: " + prompt) }

    private func take(_ question: String) -> String? {
        asked.append(question)
        return answers.isEmpty ? nil : answers.removeFirst()
    }
}

@MainActor @Suite struct SettingsCommandTests {
    @Test func setWritesConfigAndShowsTheNewValueWithItsSource() async throws {
        let setup = try SettingsTestContext(interactive: false)
        let printed = try await setup.run("/settings set videoMaxPolls 12")
        #expect(printed == "videoMaxPolls = 12 (config file)\n")
        let stored = try String(contentsOf: setup.environment.configFile, encoding: .utf8)
        #expect(stored.contains("\"videoMaxPolls\" : 12"))
        #expect(try await setup.run("/settings").contains("videoMaxPolls 12 (config file)\n"))
    }

    @Test func setKeepsAPathWithSpacesWhole() async throws {
        let setup = try SettingsTestContext(interactive: false)
        let directory = setup.environment.root.appending(path: "My Videos")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = try await setup.run("/settings set videoDirectory \(directory.path)")
        #expect(try await setup.run("/settings").contains("videoDirectory \(directory.path) (config file)"))
    }

    @Test func badValuesAndUnknownKeysAreRefusedWithTheReason() async throws {
        let setup = try SettingsTestContext(interactive: false)
        await #expect(throws: ConfigurationError.rejectedValue(
            key: .videoMaxPolls, value: "abc", reason: "must be a whole number greater than 0")) {
            _ = try await setup.run("/settings set videoMaxPolls abc")
        }
        await #expect(throws: ConfigurationError.unknownKey("colour")) { _ = try await setup.run("/settings set colour red") }
        await #expect(throws: ConfigurationError.self) { _ = try await setup.run("/settings set baseURL ftp://x") }
        #expect(!FileManager.default.fileExists(atPath: setup.environment.configFile.path))
    }

    @Test func anEnvironmentOverrideIsPointedOut() async throws {
        let setup = try SettingsTestContext(interactive: false, variables: ["LYRA_LOCALE": "de"])
        #expect(try await setup.run("/settings set locale ru") == "locale = de (env LYRA_LOCALE)\n")
        #expect(setup.stderr.text.contains("LYRA_LOCALE is set in the environment and takes precedence"))
    }

    @Test func secretsAreNeverTypedOnTheLine() async throws {
        let setup = try SettingsTestContext(interactive: false)
        await #expect(throws: CommandError.self) { _ = try await setup.run("/settings set token abc123456789") }
        let answers = ScriptedAnswers(["apphud-key-987654321"])
        setup.context.input = answers
        let printed = try await setup.run("/settings set apphudAPIKey")
        #expect(answers.asked == ["secret: apphudAPIKey (hidden): "])
        #expect(printed == "apphudAPIKey = ••••4321 (credentials file)\n")
        #expect(try CredentialStore(fileURL: setup.environment.credentialsFile).apphudAPIKey == "apphud-key-987654321")
    }

    @Test func unsetFallsBackToTheDefault() async throws {
        let setup = try SettingsTestContext(interactive: false)
        _ = try await setup.run("/settings set placement promo")
        #expect(try await setup.run("/settings unset placement") == "placement = main (default)\n")
    }

    @Test func loginStoresTheTokenPrivatelyAndNeverPrintsIt() async throws {
        let token = "tok-1234567890-SECRET"
        let setup = try SettingsTestContext()
        let answers = ScriptedAnswers([token])
        setup.context.input = answers
        let printed = try await setup.run("/login")
        #expect(answers.asked == ["secret: Token (hidden): "])
        #expect(printed == "Token stored in \(setup.environment.credentialsFile.path)\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: setup.environment.credentialsFile.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(try CredentialStore(fileURL: setup.environment.credentialsFile).token == token)
        let shown = try await setup.run("/settings")
        #expect(shown.contains("••••CRET"))
        #expect(!(shown + setup.stderr.text).contains(token))
    }

    @Test func loginWithNothingTypedChangesNothing() async throws {
        let setup = try SettingsTestContext()
        for answer in [nil, "   "] as [String?] {
            let answers = ScriptedAnswers([answer])
            setup.context.input = answers
            #expect(try await setup.run("/login") == "Nothing entered; nothing changed.\n")
        }
        #expect(!FileManager.default.fileExists(atPath: setup.environment.credentialsFile.path))
        await #expect(throws: CommandError.self) { _ = try await setup.run("/login my-token-on-the-line") }
    }

    @Test func logoutSaysWhetherATokenWasStored() async throws {
        let setup = try SettingsTestContext(interactive: false)
        try CredentialStore(fileURL: setup.environment.credentialsFile).setToken("abc-token-5678")
        #expect(try await setup.run("/logout") == "Token removed from \(setup.environment.credentialsFile.path)\n")
        #expect(try await setup.run("/logout") == "No token was stored.\n")
        #expect(try CredentialStore(fileURL: setup.environment.credentialsFile).token == nil)
    }

    @Test func completionOffersSubcommandsKeysAndBooleans() {
        let command = SettingsCommand()
        let data = CompletionData()
        #expect(command.completions(arguments: [], partial: "", data: data) == ["set", "unset", "--json"])
        #expect(command.completions(arguments: ["set"], partial: "", data: data).contains("videoMaxPolls"))
        #expect(command.completions(arguments: ["set", "premium"], partial: "", data: data) == ["true", "false"])
    }
}
