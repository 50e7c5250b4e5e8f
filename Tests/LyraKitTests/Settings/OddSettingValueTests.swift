// Odd setting values (issue 16): seconds beyond a day refused, the boolean message names every
// accepted spelling, a video directory that does not exist refused when it is set.
import Foundation
import Testing
import LyraKit

@Suite struct OddSettingValueTests {
    private func loader(_ root: URL, env: [String: String] = [:]) -> ConfigurationLoader {
        let environment = xdgEnvironment(root: root, extra: env)
        return ConfigurationLoader(environment: environment, directories: XDGDirectories(environment: environment),
                                   currentDirectory: root)
    }

    @Test(arguments: ["1e20", "86401", "inf", "nan", "0", "-3"])
    func secondsOutsideOneDayAreRefused(raw: String) throws {
        _ = try withTemporaryDirectory { root in
            #expect(throws: ConfigurationError.rejectedValue(
                key: .videoPollInterval, value: raw,
                reason: "must be a number of seconds greater than 0 and at most 86400 (a day)")) {
                try loader(root).set(.videoPollInterval, value: raw)
            }
        }
    }

    @Test func aDayIsAccepted() throws {
        try withTemporaryDirectory { root in
            try loader(root).set(.videoPollInterval, value: "86400")
            #expect(try loader(root).load().videoPollInterval == 86_400)
        }
    }

    @Test func theBooleanMessageNamesWhatIsAccepted() throws {
        try withTemporaryDirectory { root in
            for word in ["yes", "no", "on", "off", "1", "0", "TRUE", "false"] {
                try loader(root).set(.premium, value: word)
            }
            #expect(throws: ConfigurationError.rejectedValue(
                key: .premium, value: "maybe", reason: "must be true or false (or 1/0, yes/no, on/off)")) {
                try loader(root).set(.premium, value: "maybe")
            }
        }
    }

    @Test func aMissingVideoDirectoryIsRefusedWhenSet() throws {
        try withTemporaryDirectory { root in
            let missing = root.appending(path: "no-such-dir").path
            #expect(throws: ConfigurationError.rejectedValue(
                key: .videoDirectory, value: missing, reason: "no such directory: \(missing) (create it first)")) {
                try loader(root).set(.videoDirectory, value: missing)
            }
            try loader(root).set(.videoDirectory, value: root.path)
            #expect(try loader(root).load().videoDirectory.path == root.standardizedFileURL.path)
        }
    }
}
