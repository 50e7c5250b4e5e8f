// A chat run that fails at once (here: a credentials file others can read) exits with status 2,
// never with a crash: exiting once raced a background load of libcurl (SIGSEGV in libcrypto).
import Foundation
import LyraTestSupport
import Testing

@Suite struct EarlyExitTests {
    @Test func exitingWhileLibcurlLoadsNeverCrashes() async throws {
        let env = try TemporaryEnvironment()
        try FileManager.default.createDirectory(at: env.credentialsFile.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Data(#"{"token": "t"}"#.utf8).write(to: env.credentialsFile)
        chmod(env.credentialsFile.path, 0o644)
        // The race is a matter of scheduling: many short runs give it the chance to show.
        var statuses: [Int32] = []
        for _ in 0 ..< 40 {
            let result = try await env.runLyra(["-c", "hello"], extraEnvironment: ["LYRA_BASE_URL": "http://127.0.0.1:9"])
            statuses.append(result.status)
        }
        #expect(statuses.allSatisfy { $0 == 2 }, "exit statuses: \(statuses)")
    }
}
