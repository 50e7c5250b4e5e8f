// Completion data loaded on the first Tab that needs it, candidates made safe for the terminal,
// template names, export paths, and the candidate listing laid out for the terminal's width.
import Foundation
import LyraTestSupport
import Synchronization
import Testing
@testable import LyraTerminal

/// Runs `body` on a thread of its own, as the line editor does: a loader's task must not wait
/// for a cooperative thread that the blocked caller holds.
func onEditorLikeThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}

@Suite struct LazyCompletionTests {
    /// The Tab's 5 s wait for a loader is the product's; on a loaded machine the loader's task may
    /// wait longer for a cooperative thread, so the tests give it a watchdog-sized wait.
    private static let loadWatchdog = DispatchTimeInterval.seconds(120)

    @Test func aLoaderRunsOnceOnTheFirstRequestAndFillsEveryKindItLoads() async {
        let data = CompletionData(loadTimeout: Self.loadWatchdog)
        let calls = Mutex(0)
        data.setLoader(for: [.templateIDs, .templateNames]) {
            calls.withLock { $0 += 1 }
            return [.templateIDs: ["1", "2"], .templateNames: ["Slideshow", "Quick Cuts"]]
        }
        #expect(calls.withLock { $0 } == 0)
        #expect(data.cachedNames(.templateNames) == nil)
        #expect(await onEditorLikeThread { data.names(.templateNames) } == ["Slideshow", "Quick Cuts"])
        #expect(data.names(.templateIDs) == ["1", "2"])
        #expect(data.names(.templateNames) == ["Slideshow", "Quick Cuts"])
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func namesSetByACommandWinOverTheLoader() {
        let data = CompletionData()
        data.set(.sessionTitles, ["Listed"])
        data.setLoader(for: [.sessionTitles]) { [.sessionTitles: ["Loaded"]] }
        #expect(data.names(.sessionTitles) == ["Listed"])
    }

    @Test func templateNamesCompleteAfterVideoAndServerTextIsSanitised() async {
        let data = CompletionData(loadTimeout: Self.loadWatchdog)
        data.setLoader(for: [.templateIDs, .templateNames]) {
            [.templateIDs: ["7\u{1B}]0;pwned\u{07}"], .templateNames: ["Quick Cuts", "Qu\u{1B}[31mirk"]]
        }
        let engine = CompletionEngine(registry: CommandRegistry(commands: [VideoCommand(home: nil)]), data: data)
        #expect(await onEditorLikeThread { engine.complete("/video Quick").insertion } == "\\ Cuts ")
        let listed = engine.complete("/video Qu")
        #expect(listed.candidates == ["Quick\\ Cuts", "Quirk"])
        #expect(engine.complete("/video 7").candidates == ["7"])
        #expect(!listed.candidates.joined().contains("\u{1B}"))
    }

    @Test func exportCompletesFilePathsAfterTheReference() throws {
        let env = try TemporaryEnvironment()
        try Data().write(to: env.workDirectory.appendingPathComponent("transcript.md"))
        let data = CompletionData()
        data.set(.sessionTitles, ["Trip"])
        let engine = CompletionEngine(registry: CommandRegistry(commands: [SessionsCommand(home: env.workDirectory.path)]),
                                      data: data)
        #expect(engine.complete("/sessions export Trip ~/tra").insertion == "nscript.md ")
        #expect(engine.complete("/sessions export Trip --f").candidates == ["--format", "--force"])
        #expect(engine.complete("/sess export T").insertion == "rip ")
        #expect(engine.complete("/sessions se").candidates == ["search"])
    }

    @Test func theListingUsesTheGivenWidthAndDisplayColumns() {
        let items = ["世界世界", "abc", "defgh", "ij"]
        #expect(CompletionListing.columns(items, width: 80) == "世界世界  abc       defgh     ij")
        #expect(CompletionListing.columns(items, width: 25) == "世界世界  abc\ndefgh     ij")
        #expect(CompletionListing.columns(items, width: 5) == "世界世界\nabc\ndefgh\nij")
    }
}
