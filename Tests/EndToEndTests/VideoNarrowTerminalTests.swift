// /video on a 40-column terminal (issue #32): the progress line is shortened in front of its status
// (`processing · poll 2/100000` stays, the video and template cut or left out) and never reaches the
// terminal's last column.
import Foundation
import LyraTestSupport
import Testing

@Suite struct VideoNarrowTerminalTests {
    @Test func at40ColumnsTheProgressLineKeepsTheStatusAndFits() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(videoPollsToComplete: 100_000))
        let videos = try videoDirectory(in: env)
        var environment = videoEnvironment(backend, videos: videos)
        environment["LYRA_VIDEO_MAX_POLLS"] = "100000"
        let session = try env.startLyraSession([], extraEnvironment: environment, columns: 40, rows: 24)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra")
        session.mark()
        session.send("/video 1 \(Fixtures.url("photos/red.jpg").path)\r")
        try await session.awaitOutput(containing: "poll 3/100000")
        // Every state the line was drawn in: the text after each clearing of the line.
        let drawn = session.output.components(separatedBy: "\r\u{1B}[2K").dropFirst()
            .map { ANSIText.strip(String($0.prefix { $0 != "\r" && $0 != "\n" })) }
        let polls = drawn.filter { $0.contains("poll ") }
        #expect(!polls.isEmpty)
        for line in drawn where !line.isEmpty {
            #expect(line.count < 40, "wider than 39 columns: \(line)")
        }
        #expect(polls.allSatisfy { $0.contains("pending · poll") || $0.contains("processing · poll") }, "\(polls)")
        session.send(.ctrlC)
        try await session.awaitOutput(containing: "cancelled")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
