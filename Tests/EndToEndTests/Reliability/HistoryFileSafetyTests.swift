// The REPL history file in place of a FIFO, a symlink, a directory or an oversized file (issue 16):
// the REPL starts without hanging, warns once, keeps history in memory only and touches nothing.
import Foundation
import LyraTestSupport
import Testing

@Suite struct HistoryFileSafetyTests {
    enum Hostile: String, CaseIterable {
        case fifo, symlink, directory, oversized
    }

    /// Puts `kind` at `history`; returns the file a symlink points at (which must stay untouched).
    private func place(_ kind: Hostile, at history: URL, in environment: TemporaryEnvironment) throws -> URL? {
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        switch kind {
        case .fifo:
            try #require(mkfifo(history.path, 0o600) == 0)
        case .symlink:
            let target = environment.root.appendingPathComponent("precious.txt")
            try Data("precious\n".utf8).write(to: target)
            try #require(chmod(target.path, 0o644) == 0)
            try FileManager.default.createSymbolicLink(at: history, withDestinationURL: target)
            return target
        case .directory:
            try FileManager.default.createDirectory(at: history, withIntermediateDirectories: false)
        case .oversized:
            // Sparse: 65 MiB of size, no disk used.
            try #require(FileManager.default.createFile(atPath: history.path, contents: Data("_HiStOrY_V2_\n".utf8)))
            try #require(truncate(history.path, 65 << 20) == 0)
        }
        return nil
    }

    @Test(arguments: Hostile.allCases)
    func anUnsafeHistoryFileIsRefusedWithAWarningAndLeftAlone(_ kind: Hostile) async throws {
        let environment = try TemporaryEnvironment()
        let history = environment.lyraStateDirectory.appendingPathComponent("history")
        let target = try place(kind, at: history, in: environment)
        let before = try FileManager.default.attributesOfItem(atPath: history.path)

        let session = try environment.startLyraSession(["-q"])
        let text = try await session.awaitOutput(containing: "lyra ›")
        // The warning is wrapped by words to the terminal's width: compare its words.
        let words = ANSIText.strip(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("history is not loaded or saved in this session"))
        session.send("/help quit\r")
        try await session.awaitPrompt(after: "leave Lyra")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)

        let after = try FileManager.default.attributesOfItem(atPath: history.path)
        #expect(after[.type] as? FileAttributeType == before[.type] as? FileAttributeType)
        #expect(after[.size] as? Int == before[.size] as? Int)
        if let target {
            #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
            let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
            #expect(mode == 0o644)
        }
    }

    @Test func aHistoryFileOfRandomBytesLoadsWithoutCrashing() async throws {
        let environment = try TemporaryEnvironment()
        let history = environment.lyraStateDirectory.appendingPathComponent("history")
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        var generator = SeededGenerator(seed: FuzzBudget.seed(for: #function))
        let bytes = (0..<200).flatMap { _ in generator.bytes(Int(generator.next() % 300)) + [0x0A] }
        try (Data("_HiStOrY_V2_\n".utf8) + Data(bytes)).write(to: history)

        let session = try environment.startLyraSession(["-q"])
        try await session.awaitOutput(containing: "lyra ›")
        for _ in 0..<5 { session.send(.up) }
        session.send(.ctrlU)
        session.send("/help quit\r")
        try await session.awaitPrompt(after: "leave Lyra")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0, "seed \(generator.seed)")
    }

    @Test func aRegularHistoryFileIsStillLoadedAndSavedWithMode600() async throws {
        let environment = try TemporaryEnvironment()
        let history = environment.lyraStateDirectory.appendingPathComponent("history")
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("_HiStOrY_V2_\n/help\\040remembered\n".utf8).write(to: history)

        let session = try environment.startLyraSession(["-q"])
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send(.up)
        try await session.awaitOutput(containing: "remembered")
        session.send(.ctrlU)
        session.send("/help quit\r")
        try await session.awaitPrompt(after: "leave Lyra")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)

        let text = try String(contentsOf: history, encoding: .utf8)
        #expect(text.hasPrefix("_HiStOrY_V2_\n"))
        #expect(text.contains("remembered") && text.contains("/help\\040quit"))
        let mode = try FileManager.default.attributesOfItem(atPath: history.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// The file is written after the line has run, not on Enter: by the next prompt it holds the
    /// line, so a Lyra killed at that prompt loses no history.
    @Test func aLineIsInTheHistoryFileByTheNextPrompt() async throws {
        let environment = try TemporaryEnvironment()
        let history = environment.lyraStateDirectory.appendingPathComponent("history")
        let session = try environment.startLyraSession(["-q"])
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/help quit\r")
        try await session.awaitPrompt(after: "leave Lyra")
        session.send("/help new\r")
        try await session.awaitPrompt(after: "/new")
        let text = try String(contentsOf: history, encoding: .utf8)
        #expect(text.contains("/help\\040quit"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        #expect(try String(contentsOf: history, encoding: .utf8).contains("/help\\040new"))
    }
}
