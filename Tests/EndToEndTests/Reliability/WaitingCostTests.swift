// What waiting and hostile replies cost the lyra process itself: CPU time while a chat reply is
// 10 s away (CPU, read from /proc, not wall time), and peak memory when the reply is a gzip bomb.
import Foundation
import LyraTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct WaitingCostTests {
    @Test func waitingTenSecondsForAReplyCostsUnderATenthOfACPUSecond() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(chatDelayMilliseconds: 10_000))
        let process = Process()
        process.executableURL = try LyraBinary.url
        process.arguments = ["-c", "hello"]
        process.environment = env.environment(adding: backend.lyraEnvironment)
        process.currentDirectoryURL = env.workDirectory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Start measuring once the request reached the backend: from then on lyra only waits.
        let deadline = ContinuousClock.now + .seconds(60)
        while try await backend.control.requests().first(where: { $0.path.hasPrefix("/dola/chats") }) == nil {
            try #require(ContinuousClock.now < deadline && process.isRunning)
            try await Task.sleep(for: .milliseconds(50))
        }
        let pid = process.processIdentifier
        let start = try #require(Self.cpuTicks(pid))
        var last = start
        var readings = 0
        while process.isRunning, ContinuousClock.now < deadline {
            if let ticks = Self.cpuTicks(pid) { last = ticks; readings += 1 }
            try await Task.sleep(for: .milliseconds(100))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("hello"))
        #expect(readings >= 50, "the reply was expected to take about 10 s")
        let seconds = Double(last - start) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #expect(seconds < 0.1, "lyra used \(seconds) s of CPU while waiting")
    }

    @Test func aGzipBombReplyFailsWithLittleMemory() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let bomb = try GzipBomb.zeros(megabytes: 256)
        try await backend.control.injectFault(json: """
            {"path": "/dola/chats", "status": 200, "body_base64": "\(bomb.base64EncodedString())",
             "headers": {"Content-Encoding": "gzip"}}
            """)
        let result = try await env.runLyra(["-c", "hello"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the response is larger than 16 MiB"))
        // The peak of every child waited for so far: an upper bound of this lyra's peak.
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #expect(usage.ru_maxrss < 100 * 1024, "peak RSS \(usage.ru_maxrss) KiB")
    }

    /// utime + stime of `pid` in clock ticks, or nil once it is gone.
    private static func cpuTicks(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime field 14, stime field 15 (1-based).
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}
