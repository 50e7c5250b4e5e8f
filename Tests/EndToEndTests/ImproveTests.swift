// End-to-end tests of `/improve` against a running local backend: the request body of every mode
// (SPEC §4), exact script output, blocks, `-` from standard input, 100 KB texts, usage errors,
// a 402 fault, and the bubble, word diff and prompt on a pseudo-terminal.
import Foundation
import LyraTestSupport
import Testing

/// The JSON object of the one `/ai-writing` request the backend recorded.
private func writingRequestBodies(_ backend: RunningBackend) async throws -> [[String: Any]] {
    try await backend.control.requests().filter { $0.path == "/ai-writing" }.map { request in
        let body = try #require(request.bodyText)
        return try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }
}

/// Checks that `body` has every SPEC §4 field and exactly `field` set (to `value` for strings).
private func expectOneMode(_ body: [String: Any], field: String, value: String?, text: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    let fields = ["improve", "rewrite", "fix_grammar", "shorten", "translate_to", "style"]
    #expect(Set(body.keys) == Set(fields + ["text"]), sourceLocation: sourceLocation)
    #expect(body["text"] as? String == text, sourceLocation: sourceLocation)
    for name in ["improve", "rewrite", "fix_grammar", "shorten"] {
        #expect(body[name] as? Bool == (name == field), "\(name)", sourceLocation: sourceLocation)
    }
    for name in ["translate_to", "style"] {
        if name == field {
            #expect(body[name] as? String == value, sourceLocation: sourceLocation)
        } else {
            #expect(body[name] is NSNull, "\(name) should be null", sourceLocation: sourceLocation)
        }
    }
}

/// A text of more than 100 KB that the backend's rules leave unchanged (capitalised lines ending in
/// a full stop, no repeated words), with non-ASCII words.
private let largeText = (1...2_600).map { "Line \($0) says привет and 你好 to everyone 🎉 here." }
    .joined(separator: "\n")

@Suite struct ImproveTests {
    /// (line, text sent, expected stdout, the mode field, its string value) — expectations follow
    /// docs/API.md: whitespace runs collapse, repeated words go, `i` → `I`, sentence starts are
    /// capitalised, a final `.` is added; rewrite expands contractions; shorten keeps one sentence;
    /// translate/style prefix `[VALUE] `.
    static let modes: [(String, String, String, String, String?)] = [
        ("/improve i think  the the cat is here", "i think  the the cat is here",
         "I think the cat is here.\n", "improve", nil),
        ("/improve --grammar teh  the the cat. i sat", "teh  the the cat. i sat",
         "Teh the cat. I sat.\n", "fix_grammar", nil),
        ("/improve --rewrite i can't go  there. we're late", "i can't go  there. we're late",
         "I cannot go there. We are late.\n", "rewrite", nil),
        ("/improve --shorten first  sentence here. second one", "first  sentence here. second one",
         "First sentence here.\n", "shorten", nil),
        ("/improve --translate de hello  world", "hello  world", "[de] Hello world.\n", "translate_to", "de"),
        ("/improve --style formal hey there", "hey there", "[formal] Hey there.\n", "style", "formal"),
    ]

    @Test(arguments: modes)
    func eachModeSendsOneModeAndPrintsTheResult(line: String, text: String, expected: String,
                                                field: String, value: String?) async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", line], extraEnvironment: backend.lyraEnvironment)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == expected)
        let bodies = try await writingRequestBodies(backend)
        try #require(bodies.count == 1)
        expectOneMode(bodies[0], field: field, value: value, text: text)
    }

    @Test func aBlockInAScriptOnStdinIsTheText() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let script = "# shorten a draft\n/improve --shorten \"\"\"\nfirst line. more\nsecond  line\n\"\"\"\n"
        let result = try await env.runLyra([], stdin: script, extraEnvironment: backend.lyraEnvironment)
        #expect(result.stdout == "First line.\n")
        #expect(result.status == 0)
        let bodies = try await writingRequestBodies(backend)
        try #require(bodies.count == 1)
        expectOneMode(bodies[0], field: "shorten", value: nil, text: "first line. more\nsecond  line")
    }

    @Test func dashReadsStdinWithDashCAndWithAScriptFile() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let draft = "teh  the the cat. i sat\n"
        let withC = try await env.runLyra(["-c", "/improve --grammar -"], stdin: draft,
                                          extraEnvironment: backend.lyraEnvironment)
        #expect(withC.stdout == "Teh the cat. I sat.\n")
        #expect(withC.status == 0)
        let script = env.workDirectory.appendingPathComponent("improve.lyra")
        try "/improve --translate fr -\n".write(to: script, atomically: true, encoding: .utf8)
        let withFile = try await env.runLyra(["-f", script.path], stdin: draft, extraEnvironment: backend.lyraEnvironment)
        #expect(withFile.stdout == "[fr] Teh the cat. I sat.\n")
        #expect(withFile.status == 0)
        let bodies = try await writingRequestBodies(backend)
        try #require(bodies.count == 2)
        expectOneMode(bodies[0], field: "fix_grammar", value: nil, text: "teh  the the cat. i sat")
        expectOneMode(bodies[1], field: "translate_to", value: "fr", text: "teh  the the cat. i sat")
    }

    @Test func dashIsRefusedWhenStdinIsTheScript() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["--bail"], stdin: "/improve -\nsome draft text\n",
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 3)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("lyra: line 1: '-' reads standard input, but standard input is this script"))
        #expect(result.stderr.contains("\"\"\" block"))
        #expect(try await writingRequestBodies(backend).isEmpty)
    }

    @Test func largeTextsPassIntact() async throws {
        #expect(largeText.utf8.count > 100_000)
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)  // the whole request bodies are compared
        let fromStdin = try await env.runLyra(["-c", "/improve -"], stdin: largeText + "\n",
                                              extraEnvironment: backend.lyraEnvironment)
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout == largeText + "\n")
        let inBlock = try await env.runLyra([], stdin: "/improve --grammar \"\"\"\n" + largeText + "\n\"\"\"\n",
                                            extraEnvironment: backend.lyraEnvironment)
        #expect(inBlock.status == 0)
        #expect(inBlock.stdout == largeText + "\n")
        let bodies = try await writingRequestBodies(backend)
        try #require(bodies.count == 2)
        expectOneMode(bodies[0], field: "improve", value: nil, text: largeText)
        expectOneMode(bodies[1], field: "fix_grammar", value: nil, text: largeText)
    }

    @Test func usageErrorsAreClearAndSendNothing() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let lines = ["/improve --translate", "/improve --style", "/improve --rewrite --shorten some text",
                     "/improve --loud some text", "/improve", "/improve --grammar"]
        let result = try await env.runLyra(lines.flatMap { ["-c", $0] }, extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        let errors = result.stderr.split(separator: "\n").map(String.init)
        try #require(errors.count == 6)
        #expect(errors[0] == "lyra: line 1: --translate needs a language, e.g. /improve --translate de TEXT")
        #expect(errors[1] == "lyra: line 2: --style needs a style, e.g. /improve --style formal TEXT")
        #expect(errors[2] == "lyra: line 3: choose one mode: --rewrite and --shorten were both given")
        #expect(errors[3].hasPrefix("lyra: line 4: unknown option '--loud' for /improve (modes: --rewrite"))
        #expect(errors[4].hasPrefix("lyra: line 5: missing text: /improve [MODE] TEXT"))
        #expect(errors[5].hasPrefix("lyra: line 6: missing text"))
        #expect(try await writingRequestBodies(backend).isEmpty)
    }

    @Test func aPaymentRequiredFaultNamesSubscribe() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.injectFault(path: "/ai-writing", status: 402, body: "{\"detail\": \"Payment Required\"}")
        let result = try await env.runLyra(["-c", "/improve fix this"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "lyra: line 1: subscription required: see /subscribe\n")
    }

    @Test func hostileResultsAreSanitised() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.injectFault(path: "/ai-writing", status: 200,
                                              body: "{\"result_text\": \"Safe\\u001b]52;c;ZXZpbA==\\u0007 text\\u001b[2J.\"}")
        let result = try await env.runLyra(["-c", "/improve anything"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.stdout == "Safe text.\n")
        #expect(result.status == 0)
    }

    @Test func aTerminalShowsTheResultAndAWordDiffAndAsksForMissingText() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        var environment = backend.lyraEnvironment
        environment["NO_COLOR"] = "1"
        let session = try env.startLyraSession(["-q"], extraEnvironment: environment)
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/improve teh cat\r")
        let shown = try await session.awaitOutput(containing: "{+.+}")
        #expect(shown.contains("╭─ lyra") && shown.contains("Teh cat.") && !shown.contains("│"))
        #expect(shown.contains("[-teh-]{+Teh+} cat{+.+}"))
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/improve --translate de\r")
        try await session.awaitOutput(containing: "text ›")
        session.send("hello  there\r")
        let translated = try await session.awaitOutput(containing: "{+.+}")
        #expect(translated.contains("[de] Hello there."))
        try await session.awaitOutput(containing: "lyra ›")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        let requests = try await writingRequestBodies(backend)
        #expect(requests.map { $0["text"] as? String } == ["teh cat", "hello  there"])
    }
}
