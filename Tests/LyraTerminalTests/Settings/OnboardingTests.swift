// The first-run welcome: when it is offered, and what it stores from the answers.
import Foundation
import LyraKit
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct OnboardingGateTests {
    private let directories = XDGDirectories(environment: ["HOME": "/home/u"])

    private func offered(_ options: LaunchOptions = LaunchOptions(), flags: [SettingKey: String] = [:],
                         environment: [String: String] = [:], existing: Set<String> = []) -> Bool {
        OnboardingGate.shouldOffer(options: options, flags: flags, environment: environment,
                                   directories: directories) { existing.contains($0.path) }
    }

    @Test func offeredOnlyWhenNothingIsConfigured() {
        #expect(offered())
        #expect(offered(environment: ["LYRA_BASE_URL": "  "]))
        #expect(!offered(environment: ["LYRA_BASE_URL": "http://127.0.0.1:1"]))
        #expect(!offered(flags: [.baseURL: "http://127.0.0.1:1"]))
        for file in [directories.configFile, directories.credentialsFile, OnboardingGate.markerFile(in: directories)] {
            #expect(!offered(existing: [file.path]), "\(file.path)")
        }
    }

    @Test func neverWithDemoOrQuiet() {
        var demo = LaunchOptions()
        demo.demo = true
        var quiet = LaunchOptions()
        quiet.quiet = true
        #expect(!offered(demo))
        #expect(!offered(quiet))
    }
}

@MainActor @Suite struct OnboardingFlowTests {
    @Test func storesTheURLAndTheTokenAndRemembersItWasShown() async throws {
        let setup = try SettingsTestContext(columns: 40)
        let answers = ScriptedAnswers(["not a url", "http://127.0.0.1:9000", "secret-token-4242"])
        await OnboardingFlow.runIfNeeded(context: setup.context, input: answers)
        setup.context.console.flush()
        #expect(answers.asked == ["line: Backend URL: ", "line: Backend URL: ", "secret: Token (hidden, Enter for none): "])
        #expect(setup.stdout.text.contains("lyra --demo"))
        #expect(setup.stderr.text.contains("error: invalid baseURL 'not a url'"))
        #expect(setup.stdout.text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: String($0)) <= 40 })
        #expect(!(setup.stdout.text + setup.stderr.text).contains("secret-token-4242"))
        let configuration = try setup.context.services.configuration()
        #expect(configuration.baseURL?.absoluteString == "http://127.0.0.1:9000")
        #expect(configuration.token == "secret-token-4242")
        #expect(configuration.source(of: .token) == .credentialsFile)

        setup.stdout.clear()
        let again = ScriptedAnswers([])
        await OnboardingFlow.runIfNeeded(context: setup.context, input: again)
        #expect(again.asked.isEmpty)
    }

    @Test func anEmptyAnswerSkipsAndStoresNothingButIsNotAskedAgain() async throws {
        let setup = try SettingsTestContext()
        let answers = ScriptedAnswers([""])
        await OnboardingFlow.runIfNeeded(context: setup.context, input: answers)
        setup.context.console.flush()
        #expect(answers.asked == ["line: Backend URL: "])
        #expect(setup.stdout.text.contains("Skipped."))
        #expect(!FileManager.default.fileExists(atPath: setup.environment.configFile.path))
        #expect(!FileManager.default.fileExists(atPath: setup.environment.credentialsFile.path))
        let marker = OnboardingGate.markerFile(in: setup.context.services.directories)
        #expect(FileManager.default.fileExists(atPath: marker.path))
    }

    @Test func scriptsNeverSeeIt() async throws {
        let setup = try SettingsTestContext(interactive: false)
        let answers = ScriptedAnswers(["http://127.0.0.1:9000"])
        await OnboardingFlow.runIfNeeded(context: setup.context, input: answers)
        #expect(answers.asked.isEmpty)
        #expect(setup.stdout.text.isEmpty)
    }
}
