// Golden scripts: each `Fixtures/scripts/NAME.lyra` run against the local backend prints exactly
// `NAME.expected` on stdout, with nothing on stderr and status 0.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ScriptFixtureTests {
    @Test(arguments: ["tour"])
    func scriptPrintsItsExpectedOutput(name: String) async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let script = try Fixtures.string("scripts/\(name).lyra")
        let expected = try Fixtures.string("scripts/\(name).expected")
        let result = try await environment.runLyra(stdin: script, extraEnvironment: backend.lyraEnvironment)
        #expect(result.stdout == expected)
        #expect(result.stderr.isEmpty)
        #expect(result.status == 0)
    }
}
