// Titles and REFs as typed (SPEC §2): `/new "Trip plans"` stores the title without its quotes, and
// `/sessions show Trip plans` finds it without quotes.
import Foundation
import LyraTestSupport
import Testing

@Suite struct TitleAndReferenceTests {
    @Test func quotedTitlesAreStoredWithoutQuotesAndReferencesWithSpacesNeedNone() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "/new \"Trip plans\"", "-c", "hi", "-c", "/new", "-c", "other",
                                            "-c", "/sessions show Trip plans"],
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0, "\(result.stderr)")
        let titles = try sessionFiles(env).map { try storedSession($0)["title"] as? String }
        #expect(titles.contains("Trip plans"))
        #expect(result.stdout.hasSuffix("you: hi\nlyra: " + demoReply("hi") + "\n"))
    }
}
