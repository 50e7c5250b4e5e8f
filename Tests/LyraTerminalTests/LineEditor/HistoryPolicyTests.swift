// Which lines the REPL may keep in its history file: never blank ones, never ones carrying a secret.
import Testing
@testable import LyraTerminal

@Suite struct HistoryPolicyTests {
    private let policy = HistoryPolicy(registry: CommandCatalog.standard())

    @Test(arguments: [
        "/login sk-secret",
        "  /login   sk-secret  ",
        "/LOGIN sk-secret",
        "/logi sk-secret",
        "/settings set apphudAPIKey abc123",
        "/settings set apphudapikey abc123",
        "/settings SET token sk-secret",
        "/settings set token=sk-secret",
        "/settings set apphudAPIKey=abc",
        "/sett set token sk-secret",
    ])
    func linesCarryingASecretAreNotKept(line: String) {
        #expect(!policy.allows(line))
    }

    @Test(arguments: [
        "/login",
        "/settings set apphudAPIKey",
        "/settings set baseURL http://127.0.0.1:8080",
        "/settings unset token",
        "/help login",
        "how do I /login sk-abc?",
        "//login sk-abc is a chat message",
        "Dear team,\n/login sk-x\nthanks",
        "/lo sk-ambiguous-prefix",
    ])
    func ordinaryLinesAreKept(line: String) {
        #expect(policy.allows(line))
    }

    @Test(arguments: ["", "   ", "\n\n", "\t"])
    func blankLinesAreNotKept(line: String) {
        #expect(!policy.allows(line))
    }
}
