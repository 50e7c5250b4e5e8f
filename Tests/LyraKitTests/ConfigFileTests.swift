// ConfigFile: a flat JSON object of strings, numbers and booleans, written atomically; a broken
// file gives an error naming the path (and the key at fault).
import Foundation
import Testing
@testable import LyraKit

@Suite struct ConfigFileTests {
    @Test func roundTripsScalarsAndKeepsOtherKeys() throws {
        try withTemporaryDirectory { root in
            let file = ConfigFile(fileURL: root.appending(path: "lyra/config.json"))
            #expect(try file.read().isEmpty)
            try file.setValue(.string("https://api.example.com"), forKey: "baseURL")
            try file.setValue(.number(3), forKey: "videoPollInterval")
            try file.setValue(.bool(true), forKey: "premium")
            try file.setValue(.number(0.5), forKey: "purchasePollInterval")
            #expect(try file.read() == [
                "baseURL": .string("https://api.example.com"), "videoPollInterval": .number(3),
                "premium": .bool(true), "purchasePollInterval": .number(0.5),
            ])
            let text = try String(contentsOf: file.fileURL, encoding: .utf8)
            #expect(text.contains(#""videoPollInterval" : 3"#))
            #expect(text.contains(#""baseURL" : "https://api.example.com""#))
            try file.setValue(nil, forKey: "premium")
            #expect(try file.read()["premium"] == nil)
            #expect(try file.read().count == 3)
        }
    }

    @Test func malformedJSONNamesThePath() throws {
        try withTemporaryDirectory { root in
            let url = root.appending(path: "config.json")
            try Data("{not json".utf8).write(to: url)
            #expect(throws: StorageError.malformedFile(path: url.path, reason: "not valid JSON")) {
                try ConfigFile(fileURL: url).read()
            }
        }
    }

    @Test func nestedValueNamesTheKey() throws {
        try withTemporaryDirectory { root in
            let url = root.appending(path: "config.json")
            try Data(#"{"baseURL": ["a"], "x": null}"#.utf8).write(to: url)
            do {
                _ = try ConfigFile(fileURL: url).read()
                Issue.record("expected an error")
            } catch let error as StorageError {
                #expect(error.localizedDescription.contains(url.path))
                #expect(error.localizedDescription.contains("'baseURL'"))
            }
        }
    }
}
