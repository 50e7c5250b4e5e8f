// The one-time rate prompt: thresholds, only when it can be shown, never twice, stored counts,
// and the AppServices hooks that chat and video call.
import Foundation
import LyraKit
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct RatePromptTrackerTests {
    private func tracker() throws -> (RatePromptTracker, TemporaryEnvironment) {
        let environment = try TemporaryEnvironment()
        let directories = XDGDirectories(environment: environment.environment)
        return (RatePromptTracker(directories: directories), environment)
    }

    @Test func dueExactlyOnceAtTheTwentiethChatReply() throws {
        let (tracker, environment) = try tracker()
        let answers = try (1...30).map { _ in try tracker.record(.chatReply, canShow: true) }
        #expect(answers.indices.filter { answers[$0] } == [RatePromptTracker.chatReplyThreshold - 1])
        #expect(tracker.state() == .init(chatReplies: 20, videos: 0, shown: true))
        _ = environment
    }

    @Test func dueAtTheFifthVideoEvenWithFewChatReplies() throws {
        let (tracker, environment) = try tracker()
        #expect(try !tracker.record(.chatReply, canShow: true))
        let answers = try (1...5).map { _ in try tracker.record(.video, canShow: true) }
        #expect(answers == [false, false, false, false, true])
        #expect(try !tracker.record(.video, canShow: true))
        _ = environment
    }

    @Test func theInvitationIsDecidedInLyraKitFromTheSettingAndWhoIsWatching() throws {
        let (tracker, environment) = try tracker()
        let rateURL = try #require(URL(string: "https://example.com/rate"))
        let off = LyraConfiguration(userID: "u", rateURL: rateURL, ratePromptEnabled: false)
        let on = LyraConfiguration(userID: "u", rateURL: rateURL)
        for _ in 1...10 { #expect(tracker.invitation(after: .video, configuration: off, personWatching: true) == nil) }
        for _ in 1...10 { #expect(tracker.invitation(after: .video, configuration: on, personWatching: false) == nil) }
        #expect(tracker.state() == RatePromptTracker.State())
        let shown = (1...5).map { _ in tracker.invitation(after: .video, configuration: on, personWatching: true) }
        #expect(shown.dropLast().allSatisfy { $0 == nil })
        #expect(shown.last == "Enjoying Lyra? A star or a short review helps: https://example.com/rate")
        #expect(tracker.invitation(after: .video, configuration: on, personWatching: true) == nil)
        _ = environment
    }

    @Test func waitsForAMomentWhenItCanBeShown() throws {
        let (tracker, environment) = try tracker()
        for _ in 1...7 { #expect(try !tracker.record(.video, canShow: false)) }
        #expect(tracker.state() == .init(chatReplies: 0, videos: 7, shown: false))
        #expect(try tracker.record(.chatReply, canShow: true))
        #expect(try !tracker.record(.chatReply, canShow: true))
        _ = environment
    }

    @Test func countsSurviveAcrossRunsInAPrivateStateFile() throws {
        let (first, environment) = try tracker()
        for _ in 1...4 { _ = try first.record(.video, canShow: true) }
        let again = RatePromptTracker(directories: XDGDirectories(environment: environment.environment))
        #expect(try again.record(.video, canShow: true))
        let path = environment.lyraStateDirectory.appendingPathComponent("rate-prompt.json").path
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func anUnreadableStateFileStartsAfresh() throws {
        let (tracker, environment) = try tracker()
        try FileManager.default.createDirectory(at: environment.lyraStateDirectory, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: tracker.fileURL)
        #expect(tracker.state() == .init())
        #expect(try !tracker.record(.chatReply, canShow: true))
        #expect(tracker.state().chatReplies == 1)
    }

    // MARK: - AppServices hooks

    @MainActor @Test func theREPLShowsOneLineWithTheConfiguredURL() throws {
        let setup = try SettingsTestContext(variables: ["LYRA_RATE_URL": "https://example.com/rate"])
        for _ in 1...4 { setup.context.services.recordSuccessfulVideo(context: setup.context) }
        setup.context.console.flush()
        #expect(setup.stdout.text.isEmpty)
        setup.context.services.recordSuccessfulVideo(context: setup.context)
        for _ in 1...30 { setup.context.services.recordSuccessfulChatReply(context: setup.context) }
        setup.context.console.flush()
        #expect(setup.stdout.text == RatePromptTracker.message(url: URL(string: "https://example.com/rate")!) + "\n")
        #expect(setup.stdout.text.contains("https://example.com/rate"))
    }

    @MainActor @Test func scriptsAndQuietRunsNeverShowIt() throws {
        for (interactive, quiet) in [(false, false), (true, true)] {
            let setup = try SettingsTestContext(interactive: interactive, quiet: quiet)
            for _ in 1...25 { setup.context.services.recordSuccessfulChatReply(context: setup.context) }
            setup.context.console.flush()
            #expect(setup.stdout.text.isEmpty)
            #expect(setup.stderr.text.isEmpty)
            let file = setup.environment.lyraStateDirectory.appendingPathComponent("rate-prompt.json")
            #expect(!FileManager.default.fileExists(atPath: file.path), "a script turn wrote the rate prompt state")
        }
    }

    @MainActor @Test func switchedOffItNeitherCountsNorShows() throws {
        let setup = try SettingsTestContext(variables: ["LYRA_RATE_PROMPT": "0"])
        for _ in 1...25 { setup.context.services.recordSuccessfulChatReply(context: setup.context) }
        setup.context.console.flush()
        #expect(setup.stdout.text.isEmpty)
        let file = setup.environment.lyraStateDirectory.appendingPathComponent("rate-prompt.json")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
