// Script-grade output (SPEC §15): `--json` in every script form (PROMPT, -c, -f, stdin) parses and
// holds text, model, finishReason, usage and the session; `--jsonl` events as they happen, an
// error event for a failed turn; `--no-save` leaves the sessions directory as it was; `--schema`
// sends response_format and fails a reply that does not match (status 1, the reply still printed).
import Foundation
import LyraTestSupport
import Testing

@Suite struct ScriptOutputTests {
    /// The JSON objects of `stdout`, one a line.
    private func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
    }

    @Test func jsonPrintsOneObjectPerReplyInEveryScriptForm() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let script = env.workDirectory.appendingPathComponent("chat.lyra")
        try "# a comment\nfrom a file\n".write(to: script, atomically: true, encoding: .utf8)
        let runs: [(arguments: [String], stdin: String?, question: String)] = [
            (["--json", "a prompt"], nil, "a prompt"),
            (["--json", "-c", "a line"], nil, "a line"),
            (["--json", "-f", script.path], nil, "from a file"),
            (["--json"], "piped in\n", "piped in"),
        ]
        for run in runs {
            let result = try await env.runLyra(run.arguments, stdin: run.stdin, extraEnvironment: openAIEnvironment(backend))
            #expect(result.status == 0, "\(run.arguments): \(result.stderr)")
            let replies = try objects(result.stdout)
            let reply = try #require(replies.first)
            #expect(replies.count == 1)
            #expect(reply["text"] as? String == cannedReply(run.question, history: "1 message: yours"))
            #expect(reply["model"] as? String == "openai:lyra-demo")
            #expect(reply["finishReason"] as? String == "stop")
            #expect(reply["reasoning"] is NSNull)
            #expect((reply["toolCalls"] as? [Any])?.isEmpty == true)
            #expect(reply["durationMs"] is Int)
            let usage = try #require(reply["usage"] as? [String: Int])
            #expect((usage["promptTokens"] ?? 0) > 0 && (usage["completionTokens"] ?? 0) > 0)
            let session = try #require(reply["session"] as? [String: Any])
            let stored = try sessionFiles(env).map { try storedSession($0) }
            #expect(stored.contains { $0["id"] as? String == session["id"] as? String && $0["number"] as? Int == session["number"] as? Int })
        }
        // A command's own --json is unchanged.
        let listed = try await env.runLyra(["--json", "-c", "/sessions --json"], extraEnvironment: openAIEnvironment(backend))
        #expect(try JSONSerialization.jsonObject(with: listed.stdoutData) is [[String: Any]])
    }

    @Test func jsonlPrintsEventsAndAnErrorEventForAFailedTurn() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(thinkForm: "reasoning_content"))
        var environment = openAIEnvironment(backend)
        environment["LYRA_MODEL"] = "openai:lyra-think"
        let result = try await env.runLyra(["--jsonl", "-c", "think about it"], extraEnvironment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let events = try objects(result.stdout)
        let done = try #require(events.last)
        #expect(done["type"] as? String == "done")
        let pieces = events.dropLast()
        #expect(pieces.allSatisfy { ["text", "reasoning"].contains($0["type"] as? String ?? "") })
        #expect(pieces.filter { $0["type"] as? String == "text" }.compactMap { $0["text"] as? String }.joined()
            == done["text"] as? String)
        #expect(pieces.filter { $0["type"] as? String == "reasoning" }.compactMap { $0["text"] as? String }.joined()
            == done["reasoning"] as? String)
        #expect(!(done["reasoning"] as? String ?? "").isEmpty)

        try await backend.control.injectFault(path: "/v1/chat/completions", status: 500)
        let failed = try await env.runLyra(["--jsonl", "-c", "fail"], extraEnvironment: openAIEnvironment(backend))
        #expect(failed.status == 1)
        let error = try #require(try objects(failed.stdout).last)
        #expect(error["type"] as? String == "error")
        #expect(!(error["message"] as? String ?? "").isEmpty)
        #expect(failed.stderr.hasPrefix("lyra: line 1: "))
    }

    @Test func noSaveLeavesTheSessionsDirectoryUnchanged() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let first = try await env.runLyra(["kept"], extraEnvironment: openAIEnvironment(backend))
        #expect(first.status == 0)
        func snapshot() throws -> [String: Data] {
            let names = try FileManager.default.contentsOfDirectory(atPath: env.sessionsDirectory.path)
            return try Dictionary(uniqueKeysWithValues: names.map {
                ($0, try Data(contentsOf: env.sessionsDirectory.appendingPathComponent($0)))
            })
        }
        let before = try snapshot()
        let temporary = env.root.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        var environment = openAIEnvironment(backend)
        environment["TMPDIR"] = temporary.path
        let result = try await env.runLyra(["--no-save", "-c", "not kept", "-c", "nor this"], extraEnvironment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("nor this"))
        // The second turn had the first as history: a session existed for the run, then went.
        #expect(sentConversation(try #require(try await chatRequestBodies(backend).last)).count == 3)
        #expect(try snapshot() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
        let refused = try await env.runLyra(["--no-save", "--continue", "x"], extraEnvironment: environment)
        #expect(refused.status == 2)
    }

    @Test func schemaSendsResponseFormatAndFailsAReplyThatDoesNotMatch() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let schema = env.workDirectory.appendingPathComponent("city.json")
        try #"{"title": "city", "type": "object", "required": ["city", "population"], "properties": {"city": {"type": "string"}, "population": {"type": "integer"}, "tags": {"type": "array", "items": {"enum": ["demo", "old"]}}}}"#
            .write(to: schema, atomically: true, encoding: .utf8)
        let matching = try await env.runLyra(["--schema", schema.path, "a city"], extraEnvironment: openAIEnvironment(backend))
        #expect(matching.status == 0, "\(matching.stderr)")
        #expect(matching.stdout == #"{"city":"demo", "population":1, "tags":["demo"]}"# + "\n")
        let body = try #require(try await chatRequestBodies(backend).last)
        let format = try #require(body["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let jsonSchema = try #require(format["json_schema"] as? [String: Any])
        #expect(jsonSchema["name"] as? String == "city")
        #expect((jsonSchema["schema"] as? [String: Any])?["required"] as? [String] == ["city", "population"])

        // The thinking demo model ignores response_format and answers in prose.
        var environment = openAIEnvironment(backend)
        environment["LYRA_MODEL"] = "openai:lyra-think"
        let prose = try await env.runLyra(["--schema", schema.path, "a city"], extraEnvironment: environment)
        #expect(prose.status == 1)
        #expect(!prose.stdout.isEmpty)
        #expect(prose.stderr.hasPrefix("lyra: the reply does not match the schema: $: not JSON"))

        // A reply of the wrong shape: the demo model fills in only the members `properties` describe.
        try #"{"type": "object", "required": ["country"]}"#.write(to: schema, atomically: true, encoding: .utf8)
        let shape = try await env.runLyra(["--json", "--schema", schema.path, "-c", "a country"],
                                          extraEnvironment: openAIEnvironment(backend))
        #expect(shape.status == 1)
        #expect(shape.stderr == "lyra: line 1: the reply does not match the schema: $: the required member \"country\" is missing\n")
        #expect(try objects(shape.stdout).first?["text"] as? String == "{}")

        let missing = try await env.runLyra(["--schema", "/nonexistent.json", "x"], extraEnvironment: openAIEnvironment(backend))
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("lyra: cannot use the schema /nonexistent.json:"))
    }
}
