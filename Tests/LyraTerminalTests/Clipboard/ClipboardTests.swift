// The clipboard channels: the OSC 52 sequence, the tool found on PATH, and the clean environment
// the tool runs with (no token, no API key).
import Foundation
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct ClipboardTests {
    @Test func osc52CarriesTheTextInBase64() {
        let sequence = Clipboard.osc52("print('hi') ✓")
        #expect(sequence == "\u{1B}]52;c;" + Data("print('hi') ✓".utf8).base64EncodedString() + "\u{07}")
    }

    @Test func theFirstInstalledToolWinsAndSeesNoSecrets() throws {
        let environment = try TemporaryEnvironment()
        let bin = environment.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for name in ["xsel", "xclip"] {
            let path = bin.appendingPathComponent(name).path
            try ExecutableScript.write("#!/bin/sh\n", to: path)
        }
        let clipboard = Clipboard(environment: [
            "PATH": "/nonexistent:" + bin.path, "DISPLAY": ":0", "LYRA_TOKEN": "sk-secret",
            "LYRA_APPHUD_API_KEY": "key", "HOME": "/home/x",
        ])
        #expect(clipboard.tool == [bin.appendingPathComponent("xclip").path, "-selection", "clipboard"])
        #expect(clipboard.toolEnvironment == ["PATH": "/nonexistent:" + bin.path, "DISPLAY": ":0", "HOME": "/home/x"])
    }

    @Test func noToolOnPathMeansNone() {
        let clipboard = Clipboard(environment: ["PATH": "/nonexistent"])
        #expect(clipboard.tool == nil)
        #expect(clipboard.runTool(with: "x") == nil)
    }

    @Test func theToolGetsTheTextOnItsStandardInput() throws {
        let environment = try TemporaryEnvironment()
        let bin = environment.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let received = environment.root.appendingPathComponent("received")
        let tool = bin.appendingPathComponent("wl-copy").path
        try ExecutableScript.write("#!/bin/sh\ncat > '\(received.path)'\nenv > '\(received.path).env'\n", to: tool)
        let clipboard = Clipboard(environment: ["PATH": bin.path + ":/usr/bin:/bin", "LYRA_TOKEN": "sk-secret"])
        #expect(clipboard.runTool(with: "line one\nline two ✓") == 0)
        #expect(try String(contentsOf: received, encoding: .utf8) == "line one\nline two ✓")
        let seen = try String(contentsOf: URL(fileURLWithPath: received.path + ".env"), encoding: .utf8)
        #expect(!seen.contains("sk-secret"))
    }
}
