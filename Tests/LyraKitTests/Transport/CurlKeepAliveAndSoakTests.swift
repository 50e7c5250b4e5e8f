// Connection reuse and robustness of the libcurl transport: 100 turns on one connection, a
// server closing idle connections causes no failed turn and no duplicated POST, and 200 streams
// cancelled at random points leave no connection, descriptor or thread behind.
import Foundation
import LyraKit
import LyraTestSupport
import Testing

@Suite struct CurlKeepAliveAndSoakTests {
    @Test func aHundredTurnsUseOneConnection() async throws {
        let backend = try RunningBackend()
        let client = try TransportTestSupport.client(backend, transport: CurlTransport())
        for turn in 0 ..< 100 { _ = try await client.sendChatMessage(chatID: "c", message: "turn \(turn)") }
        // Counted by the connection each request came on, not by connections accepted: a test
        // running in parallel may connect to this port too. Kept-alive connections live in the
        // process's one cache of 32 (CurlMulti); the hundreds of tests running in parallel in this
        // process can fill it and evict this one while it is idle between two turns, so a second
        // connection is allowed. Without keep-alive there would be a hundred.
        let posts = try await backend.control.requests().filter { $0.path == "/dola/chats/c/messages" }
        #expect(posts.count == 100)
        #expect(Set(posts.map(\.connection)).count <= 2)
    }

    @Test func idleClosedConnectionsCauseNoFailureAndNoDuplicatePost() async throws {
        let backend = try RunningBackend()
        let client = try TransportTestSupport.client(backend)
        let turns = 5
        try await backend.control.injectFault(json: #"{"path": "/dola/chats", "idle_close_ms": 50, "count": 5}"#)
        for turn in 1 ... turns {
            let reply = try await client.sendChatMessage(chatID: "c", message: "turn \(turn)")
            #expect(reply.assistantMessage.contains("turn \(turn)"))
            // Wait for the server to close the kept-alive connection before the next turn.
            let deadline = ContinuousClock.now + .seconds(120)
            while try ConnectionCounters.read(port: TransportTestSupport.port(backend)).idleClosed < turn,
                  ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        let posts = try await backend.control.requests().filter { $0.path == "/dola/chats/c/messages" }
        #expect(posts.count == turns)
    }

    @Test func twoHundredCancelledStreamsLeakNothing() async throws {
        let backend = try RunningBackend()
        let chunks = (0 ..< 40).map { "\"chunk \($0)\"" }.joined(separator: ", ")
        try await backend.control.injectFault(json: """
            {"path": "/stream/", "status": 200, "chunks": [\(chunks)], "chunk_interval_ms": 2, "count": 201}
            """)
        let url = try #require(URL(string: backend.url.absoluteString + "/stream/soak"))
        let transport = CurlTransport.shared
        _ = try? await transport.send(HTTPRequest(url: url))
        let descriptorsBefore = Self.descriptorCount()
        var generator = SeededGenerator(seed: 13)
        for _ in 0 ..< 200 {
            let stopAfter = Int.random(in: 0 ..< 45, using: &generator)
            let task = Task {
                let response = try await transport.stream(HTTPRequest(url: url), limits: HTTPStreamLimits())
                var seen = 0
                for try await _ in response.body {
                    seen += 1
                    if seen >= stopAfter { break }
                }
            }
            if stopAfter == 0 { task.cancel() }
            _ = await task.result
        }
        // At most one kept-alive connection stays (seen at both ends on loopback).
        let deadline = ContinuousClock.now + .seconds(120)
        while openConnections(to: backend) > 2 || Self.descriptorCount() > descriptorsBefore,
              ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(openConnections(to: backend) <= 2)
        #expect(Self.curlThreadCount() == 1)
        #expect(Self.descriptorCount() <= descriptorsBefore)
    }

    private static func descriptorCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    /// Threads of this process named `lyra.curl` (the transport's one driver thread).
    private static func curlThreadCount() -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == "lyra.curl"
        }.count
    }
}
