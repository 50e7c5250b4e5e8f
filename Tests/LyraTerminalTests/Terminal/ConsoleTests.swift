// Tests for Console: stdout buffered up to 64 KiB, stderr after flushing stdout, real file descriptors.
import Testing
import LyraTerminal
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Records writes to both streams in one ordered log.
final class InterleavingRecorder: Sendable {
    struct Sink: OutputSink {
        let name: String
        let recorder: InterleavingRecorder
        func write(_ bytes: UnsafeRawBufferPointer) {
            let text = String(decoding: bytes, as: UTF8.self)
            recorder.events.withLock { $0.append(name + ":" + text) }
        }
    }

    let events = Mutex<[String]>([])
    var standardOutput: Sink { Sink(name: "out", recorder: self) }
    var standardError: Sink { Sink(name: "err", recorder: self) }
    var log: [String] { events.withLock { $0 } }
}

@Suite struct ConsoleTests {
    @Test func standardOutputIsBufferedUntilFlush() {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let console = Console(standardOutput: out, standardError: err)
        console.write("hello ")
        console.writeLine("world")
        #expect(out.text == "")
        console.flush()
        #expect(out.text == "hello world\n")
        #expect(err.text == "")
    }

    @Test func errorsFlushStandardOutputFirst() {
        let recorder = InterleavingRecorder()
        let console = Console(standardOutput: recorder.standardOutput, standardError: recorder.standardError)
        console.write("reply line\n")
        console.writeError("lyra: line 2: failed\n")
        console.writeErrorLine("second")
        console.write("after")
        console.flush()
        #expect(recorder.log == ["out:reply line\n", "err:lyra: line 2: failed\n", "err:second\n", "out:after"])
    }

    @Test func bufferFlushesAt64KiB() {
        let out = CapturedOutput()
        let console = Console(standardOutput: out, standardError: CapturedOutput())
        console.write(String(repeating: "x", count: Console.bufferLimit - 1))
        #expect(out.count == 0)
        console.write("y")
        #expect(out.count == 64 * 1024)
        #expect(out.text.last == "y")
    }

    @Test func concurrentLinesStayWhole() async {
        let out = CapturedOutput()
        let console = Console(standardOutput: out, standardError: CapturedOutput())
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for line in 0..<200 { console.writeLine("writer \(writer) line \(line) ✓") }
                }
            }
        }
        console.flush()
        let lines = out.text.split(separator: "\n")
        #expect(lines.count == 1600)
        #expect(lines.allSatisfy { $0.hasPrefix("writer ") && $0.hasSuffix(" ✓") })
        #expect(Set(lines).count == 1600)
    }

    @Test func realPipeGetsStandardOutputBeforeStandardError() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let sink = FileDescriptorSink(fd: fds[1])
        let console = Console(standardOutput: sink, standardError: sink)
        console.write("data on stdout\n")
        #expect(!Self.hasReadableData(fds[0]))
        console.writeError("lyra: line 1: boom\n")
        close(fds[1])
        #expect(Self.readAll(fds[0]) == "data on stdout\nlyra: line 1: boom\n")
    }

    @Test func fileDescriptorSinkWritesLargeOutputCompletely() throws {
        var template = Array("/tmp/lyra-console-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        try #require(fd >= 0)
        defer { close(fd); unlink(template) }
        let console = Console(standardOutput: FileDescriptorSink(fd: fd), standardError: CapturedOutput())
        let line = "Строка 中文 😀 \(String(repeating: "-", count: 50))\n"
        for _ in 0..<5000 { console.write(line) }
        console.flush()
        try #require(lseek(fd, 0, SEEK_SET) == 0)
        #expect(Self.readAll(fd) == String(repeating: line, count: 5000))
    }

    @Test func brokenPipeDoesNotCrash() throws {
        // As the app does; restored after, so programs this test process starts later are not
        // born ignoring SIGPIPE.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        close(fds[0])
        defer { close(fds[1]) }
        let err = CapturedOutput()
        let console = Console(standardOutput: FileDescriptorSink(fd: fds[1]), standardError: err)
        console.writeLine("nobody reads this")
        console.flush()
        console.writeError("still alive\n")
        #expect(err.text == "still alive\n")
    }

    // MARK: - Helpers

    /// Whether bytes are waiting in a pipe right now.
    static func hasReadableData(_ fd: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Reads a descriptor to its end.
    static func readAll(_ fd: Int32) -> String {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            result += chunk[0..<count]
        }
        return String(decoding: result, as: UTF8.self)
    }
}
