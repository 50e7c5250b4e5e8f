// Issue 16, session files, through the built binary: `--continue` never silently skips a damaged
// newest session, a copied file never takes the new turns, a message over the limit is refused
// before anything is saved.
import Foundation
import LyraTestSupport
import Testing

@Suite struct SessionFileHardeningTests {
    @Test func continueReportsADamagedNewestSessionInsteadOfStartingAnother() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let first = try await env.runLyra(["-c", "older"], extraEnvironment: backend.lyraEnvironment)
        try #require(first.status == 0)
        let older = try onlySessionFile(env)
        try FileManager.default.setAttributes([.modificationDate: Date() - 600], ofItemAtPath: older.path)
        let damaged = env.sessionsDirectory.appendingPathComponent("newest.json")
        let bytes = Data(#"{"id": "newest", "title": "caf"#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8)
        try bytes.write(to: damaged)
        let result = try await env.runLyra(["--continue", "-c", "hi"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.status != 0)
        #expect(result.stderr.contains("session file \(damaged.path) is damaged (invalid UTF-8"), "\(result.stderr)")
        #expect(try Data(contentsOf: damaged) == bytes)
        #expect(try storedMessages(older).count == 2)
        #expect(sessionFiles(env).count == 2)
    }

    @Test func aCopiedSessionFileNeverReceivesTheNewTurns() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let first = try await env.runLyra(["-c", "original"], extraEnvironment: backend.lyraEnvironment)
        try #require(first.status == 0)
        let original = try onlySessionFile(env)
        let copy = env.sessionsDirectory.appendingPathComponent("a-copy.json")
        try FileManager.default.copyItem(at: original, to: copy)
        let copyBytes = try Data(contentsOf: copy)
        let result = try await env.runLyra(["--continue", "-c", "more", "-c", "/sessions"],
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("session file \(copy.path) has the same id"), "\(result.stderr)")
        #expect(try storedMessages(original).count == 4)
        #expect(try Data(contentsOf: copy) == copyBytes)
    }

    @Test func aMessageOverTheLimitIsRefusedAndNothingIsSaved() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let huge = String(repeating: "x", count: 9 << 20)
        let result = try await env.runLyra(stdin: huge + "\n", extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("over the limit of 8 MiB per message"), "\(result.stderr.prefix(300))")
        #expect(sessionFiles(env).isEmpty)
    }
}
