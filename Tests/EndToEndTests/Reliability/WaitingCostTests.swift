// What waiting and hostile replies cost the lyra process itself, measured with wait4(2) on that
// one child: CPU time while a chat reply is 10 s away (CPU, not wall time), compared with the same
// turn answered at once, and peak memory when the reply is a gzip bomb.
import Foundation
import LyraTestSupport
import Testing

@Suite struct WaitingCostTests {
    @Test func waitingTenSecondsForAReplyCostsUnderATenthOfACPUSecond() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let environment = env.environment(adding: backend.lyraEnvironment)
        let binary = try LyraBinary.url
        let prompt = try await ChildResourceUsage.run(binary, arguments: ["-c", "hello"], environment: environment)
        try await backend.control.configure(BackendTestConfiguration(chatDelayMilliseconds: 10_000))
        let slow = try await ChildResourceUsage.run(binary, arguments: ["-c", "hello"], environment: environment)
        #expect(prompt.status == 0 && slow.status == 0)
        let waiting = slow.cpuSeconds - prompt.cpuSeconds
        #expect(waiting < 0.1, "waiting 10 s cost \(waiting) s of CPU (\(slow.cpuSeconds) s vs \(prompt.cpuSeconds) s)")
        let chats = try await backend.control.requests().filter { $0.path.hasPrefix("/dola/chats") }
        #expect(chats.count == 2)
    }

    @Test func aGzipBombReplyFailsWithLittleMemory() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let bomb = try GzipBomb.zeros(megabytes: 256)
        try await backend.control.injectFault(json: """
            {"path": "/dola/chats", "status": 200, "body_base64": "\(bomb.base64EncodedString())",
             "headers": {"Content-Encoding": "gzip"}}
            """)
        let usage = try await ChildResourceUsage.run(try LyraBinary.url, arguments: ["-c", "hello"],
                                                     environment: env.environment(adding: backend.lyraEnvironment))
        #expect(usage.status == 1)
        #expect(usage.peakKiB < 100 * 1024, "peak RSS \(usage.peakKiB) KiB")
        let stored = try String(contentsOf: try #require(FileManager.default.enumerator(
            at: env.dataDirectory, includingPropertiesForKeys: nil)?.allObjects.compactMap { $0 as? URL }
            .first { $0.pathExtension == "json" }), encoding: .utf8)
        #expect(stored.contains("\"failed\""))
    }
}
