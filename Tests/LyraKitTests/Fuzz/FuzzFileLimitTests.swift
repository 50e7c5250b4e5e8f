// Depth and size limits of the files Lyra reads (issue 16, `make fuzz`): config.json,
// credentials.json, the video list, the rate-prompt state, `.index.tsv` and `.numbers.tsv`, each fed
// 400,000 nested brackets, a file over its size cap and random bytes: a clear error or a bounded result.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct FuzzFileLimitTests {
    /// The hostile contents every file is tried with: deep nesting, over 16 MiB, and a NUL-filled file.
    static let hostileFiles: [(name: String, data: Data)] = [
        ("400,000 [", Data(String(repeating: "[", count: 400_000).utf8)),
        ("200,000 {\"a\":", Data(String(repeating: #"{"a":"#, count: 200_000).utf8)),
        ("deep inside a member", Data((#"{"token": "t", "x": "# + String(repeating: "[", count: 400_000)).utf8)),
        ("17 MiB", Data("[".utf8) + Data(repeating: UInt8(ascii: " "), count: 17 << 20) + Data("]".utf8)),
    ]

    private static func write(_ data: Data, to url: URL, mode: Int = 0o600) throws {
        try data.write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    @Test func configAndCredentialsFilesAreRefusedWithAClearError() throws {
        try withTemporaryDirectory { root in
            for (name, data) in Self.hostileFiles {
                let config = root.appending(path: "config.json")
                try Self.write(data, to: config)
                #expect(throws: StorageError.self, "config.json: \(name)") { _ = try ConfigFile(fileURL: config).read() }
                #expect(throws: StorageError.self, "config.json: \(name)") { _ = try ConfigFile(fileURL: config).readStructured() }
                let credentials = root.appending(path: "credentials.json")
                try Self.write(data, to: credentials)
                #expect(throws: StorageError.self, "credentials.json: \(name)") {
                    _ = try CredentialStore(fileURL: credentials).load()
                }
            }
        }
    }

    @Test func theVideoListAndRatePromptStateCountAsEmpty() throws {
        try withTemporaryDirectory { root in
            for (name, data) in Self.hostileFiles {
                let videos = root.appending(path: "videos.json")
                try Self.write(data, to: videos)
                #expect(VideoJournal(fileURL: videos).entries().isEmpty, "videos.json: \(name)")
                let rate = root.appending(path: "rate-prompt.json")
                try Self.write(data, to: rate)
                #expect(RatePromptTracker(fileURL: rate).state() == RatePromptTracker.State(), "rate-prompt.json: \(name)")
            }
        }
    }

    @Test func randomBytesInEverySmallFileGiveAnErrorOrAValue() throws {
        try withTemporaryDirectory { root in
            let file = root.appending(path: "f.json")
            let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases(weight: 0.2)) { generator in
                let prefix = generator.pick(["", "{", #"{"token":"#, "[{", #"{"providers":{"#])
                try Self.write(Data(prefix.utf8) + Data(generator.bytes(Int(generator.next() % 120))), to: file)
                _ = try? ConfigFile(fileURL: file).read()
                _ = try? ConfigFile(fileURL: file).readStructured()
                _ = try? CredentialStore(fileURL: file).load()
                _ = VideoJournal(fileURL: file).entries()
                _ = RatePromptTracker(fileURL: file).state()
                return true
            }
            #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
        }
    }

    @Test func hostileSidecarsAreIgnoredAndTheSessionsStillListed() async throws {
        let sidecars: [Data] = [
            Data((SessionIndex.header + "\n" + String(repeating: "[", count: 400_000) + "\n").utf8),
            Data(repeating: 0, count: 9 << 20),
            Data((SessionNumberFile.header + "\nnext\t" + String(repeating: "9", count: 400_000) + "\n").utf8),
        ]
        for sidecar in sidecars {
            try await withTemporaryDirectory { root in
                let store = SessionStore(directory: root)
                _ = try await store.update(ChatSession(id: "KEEP", title: "kept", chatID: "c", createdAt: Date())) { _ in }
                try sidecar.write(to: root.appending(path: SessionIndex.fileName))
                try sidecar.write(to: root.appending(path: SessionNumberFile.fileName))
                #expect(try await store.list().sessions.map(\.id) == ["KEEP"])
                #expect(try await store.update(ChatSession(id: "NEW", title: "new", chatID: "c", createdAt: Date())) { _ in }.number ?? 0 > 0)
            }
        }
    }

    @Test func aSessionNumberAtTheTopOfTheIntegerRangeDoesNotCrashNumbering() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            let top = #"{"id": "TOP", "title": "top", "number": \#(Int.max), "createdAt": "2026-11-29T09:00:00Z"}"#
            try Data(top.utf8).write(to: root.appending(path: "TOP.json"))
            let numbers = SessionNumberFile.header + "\nnext\t\(Int.max)\n"
            try Data(numbers.utf8).write(to: root.appending(path: SessionNumberFile.fileName))
            let listed = try await store.list().sessions
            #expect(listed.map(\.id) == ["TOP"])
            let created = try await store.update(ChatSession(id: "NEW", title: "new", chatID: "c", createdAt: Date())) { _ in }
            #expect(created.number.map { $0 > 0 && $0 != listed.first?.number } == true)
        }
    }

    @Test func randomIndexAndNumberSidecarsNeverCrashTheListing() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            _ = try await store.update(ChatSession(id: "KEEP", title: "kept", chatID: "c", createdAt: Date())) { _ in }
            var generator = SeededGenerator(seed: FuzzBudget.seed(for: #function))
            for _ in 0..<max(1, FuzzBudget.cases(weight: 0.02)) {
                let header = generator.pick([SessionIndex.header, SessionNumberFile.header, ""])
                let body = generator.bytes(Int(generator.next() % 300)).map { $0 % 5 == 0 ? UInt8(ascii: "\t") : $0 }
                let target = generator.pick([SessionIndex.fileName, SessionNumberFile.fileName])
                try (Data((header + "\n").utf8) + Data(body)).write(to: root.appending(path: target))
                #expect(try await store.list().sessions.map(\.id) == ["KEEP"], "seed \(generator.seed)")
            }
        }
    }
}
