// Lyra's look on a real terminal: no styling with NO_COLOR or TERM=dumb, and output that fits
// 40 and 120 columns (wide CJK values included).
import Foundation
import LyraTestSupport
import Testing

@Suite struct LookTests {
    /// A video directory with wide characters, so /settings has a long CJK value to lay out.
    private let wideDirectory = "/tmp/動画フォルダ/とても長い名前の保存先ディレクトリ/さらに深い階層"

    private func session(_ environment: TemporaryEnvironment, columns: Int = 100,
                         extra: [String: String] = [:]) throws -> PseudoTerminalSession {
        try environment.startLyraSession([], extraEnvironment: [
            "LYRA_BASE_URL": "http://127.0.0.1:9", "LYRA_TOKEN": "look-token-0001",
            "LYRA_VIDEO_DIR": wideDirectory,
        ].merging(extra) { _, new in new }, columns: columns)
    }

    /// Runs /help, /help settings, /settings (and an unknown command, whose error line the REPL
    /// prints unwrapped, when `withError`), then leaves; returns the raw output.
    private func tour(_ session: PseudoTerminalSession, withError: Bool = true) async throws -> String {
        try await session.awaitOutput(containing: "lyra ›")
        var lines = [("/help", "leave Lyra"), ("/help settings", "keys:"), ("/settings", "ratePromptEnabled")]
        if withError { lines.append(("/nosuch", "unknown command")) }
        for (line, marker) in lines {
            session.mark()
            session.send(line + "\r")
            try await session.awaitOutput(containing: marker)
            try await session.awaitPrompt(after: marker)
        }
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        return session.output
    }

    private func containsSGR(_ text: String) -> Bool {
        text.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) != nil
    }

    @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
    func noStylingWhenColourIsOff(_ variables: [String: String]) async throws {
        let environment = try TemporaryEnvironment()
        let output = try await tour(try session(environment, extra: variables))
        // The banner (the tour itself already waited for "leave Lyra", so a bare "Lyra" could not fail).
        #expect(output.contains("✦ Lyra v"))
        #expect(!containsSGR(output), "\(output.debugDescription)")
    }

    @Test func colourIsOnOtherwise() async throws {
        let environment = try TemporaryEnvironment()
        let output = try await tour(try session(environment))
        #expect(containsSGR(output))
    }

    @Test(arguments: [
        (["COLORTERM": "truecolor"], "24-bit"), (["TERM": "xterm-256color"], "256"),
        (["TERM": "xterm"], "16"), (["TERM": "dumb"], "none"),
    ])
    func theBannerDegradesWithTheTerminal(variables: [String: String], level: String) async throws {
        let environment = try TemporaryEnvironment()
        let session = try session(environment, extra: variables)
        try await session.awaitOutput(containing: "lyra ›")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        let output = session.output
        #expect(session.plainOutput.contains("✦ Lyra v"))
        #expect(output.contains("\u{1B}[38;2;") == (level == "24-bit"))
        #expect(output.contains("\u{1B}[38;5;") == (level == "256"))
        #expect(containsSGR(output) == (level != "none"))
    }

    @Test(arguments: [40, 120])
    func everyLineFitsTheTerminal(columns: Int) async throws {
        let environment = try TemporaryEnvironment()
        let screen = ANSIText.strip(try await tour(try session(environment, columns: columns), withError: false))
        #expect(screen.contains("動画フォルダ"))
        #expect(screen.contains("••••0001"))
        #expect(!screen.contains("look-token-0001"))
        for line in screen.split(separator: "\n") {
            #expect(Self.columns(of: String(line)) <= columns, "too wide at \(columns): \(line)")
        }
    }

    /// Display columns: East Asian wide characters and emoji count 2, everything else 1.
    static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
                || (0x20000...0x3FFFD).contains(value)
            return total + (wide ? 2 : 1)
        }
    }
}
