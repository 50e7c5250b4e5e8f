// config.json with the object-valued members of SPEC §8: `providers` and `roles` are read, kept
// when a setting is changed, and a malformed one is refused with a message naming the shape.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ProviderConfigFileTests {
    @Test func providersAndRolesAreReadAndSurviveSettingAValue() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appending(path: "config.json")
            try Data("""
                {"baseURL": "https://app.example.com", "providers": {"work": {"kind": "openai",
                 "baseURL": "https://llm.example.com/v1", "note": [1, true]}}, "roles": {"reviewer": "You review code."}}
                """.utf8).write(to: url)
            let file = ConfigFile(fileURL: url)
            #expect(try file.read() == ["baseURL": .string("https://app.example.com")])
            let structure = try file.readStructured()
            #expect(structure.providers["work"] == ProviderSettings(kind: .openai, baseURL: "https://llm.example.com/v1"))
            #expect(structure.roles == ["reviewer": "You review code."])
            try file.setValue(.string("ollama:llama3.2"), forKey: "model")
            let rewritten = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            let work = (rewritten?["providers"] as? [String: Any])?["work"] as? [String: Any]
            #expect(work?["note"] as? [Any] != nil)
            #expect(try file.readStructured() == structure)
            #expect(try file.read()["model"] == .string("ollama:llama3.2"))
        }
    }

    @Test func aMalformedProvidersMemberIsRefusedClearly() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appending(path: "config.json")
            try Data(#"{"providers": {"work": {"kind": "smtp"}}}"#.utf8).write(to: url)
            #expect(throws: StorageError.self) { _ = try ConfigFile(fileURL: url).readStructured() }
            try Data(#"{"placement": {"x": 1}}"#.utf8).write(to: url)
            #expect(throws: StorageError.malformedFile(
                path: url.path, reason: "the value of 'placement' must be a string, number or boolean")) {
                _ = try ConfigFile(fileURL: url).read()
            }
        }
    }
}
