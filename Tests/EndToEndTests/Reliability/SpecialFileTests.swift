// Lyra's own small files (config.json, credentials.json, the user id) replaced by a FIFO: refused
// at once with a clear message, never a hang (issue 16).
import Foundation
import LyraTestSupport
import Testing

@Suite struct SpecialFileTests {
    @Test(arguments: ["config", "credentials", "user-id"])
    func aFIFOInPlaceOfASettingsFileIsRefusedWithoutHanging(_ which: String) async throws {
        let env = try TemporaryEnvironment()
        let path: URL
        switch which {
        case "config": path = env.configFile
        case "credentials": path = env.credentialsFile
        default: path = env.stateDirectory.appendingPathComponent("lyra/user-id")
        }
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #require(mkfifo(path.path, 0o600) == 0)
        let result = try await env.runLyra(["-c", "/settings"], timeout: .seconds(120))
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a regular file"))
    }
}
