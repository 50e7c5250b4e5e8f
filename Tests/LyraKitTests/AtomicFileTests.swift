// AtomicFile: content and mode are exactly as asked, the old file is replaced, no temporary
// file is left behind, and failures name the path with the system's reason.
import Foundation
import Testing
@testable import LyraKit

@Suite struct AtomicFileTests {
    @Test func writesContentWithModeAndLeavesNoTemporaryFile() throws {
        try withTemporaryDirectory { root in
            let file = root.appending(path: "session.json")
            try AtomicFile.write(Data("first".utf8), to: file)
            try AtomicFile.write(Data("second".utf8), to: file, mode: 0o640)
            #expect(try String(contentsOf: file, encoding: .utf8) == "second")
            #expect(try permissions(of: file) == 0o640)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["session.json"])
        }
    }

    @Test func defaultModeIs0600() throws {
        try withTemporaryDirectory { root in
            let file = root.appending(path: "secret")
            try AtomicFile.write(Data(), to: file)
            #expect(try permissions(of: file) == 0o600)
            #expect(try AtomicFile.readIfPresent(file) == Data())
            #expect(try AtomicFile.readIfPresent(root.appending(path: "missing")) == nil)
        }
    }

    @Test func missingDirectoryGivesErrorNamingThePath() throws {
        try withTemporaryDirectory { root in
            let file = root.appending(path: "nope/file.json")
            do {
                try AtomicFile.write(Data("x".utf8), to: file)
                Issue.record("expected an error")
            } catch let error as StorageError {
                let message = error.localizedDescription
                #expect(message.contains(root.appending(path: "nope").path))
                #expect(message.contains("No such file or directory"))
            }
        }
    }
}
