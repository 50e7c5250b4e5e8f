// /settings rendering: masked secrets, sources, script lines, JSON, and tables that fit 40 and
// 120 columns with wide (CJK) values.
import Foundation
import LyraKit
import Testing
@testable import LyraTerminal

@Suite struct SettingsReportTests {
    private let token = "sk-live-abcdefgh1234WXYZ"

    private func configuration(videoDirectory: String = "/tmp/videos") -> LyraConfiguration {
        LyraConfiguration(
            userID: "user-1", baseURL: URL(string: "http://127.0.0.1:8080"), token: token,
            videoDirectory: URL(filePath: videoDirectory, directoryHint: .isDirectory), videoMaxPolls: 12,
            sources: [.baseURL: .environment("LYRA_BASE_URL"), .token: .credentialsFile,
                      .videoMaxPolls: .configFile, .userID: .stateFile])
    }

    @Test func scriptLinesShowEveryKeyWithItsSourceAndTheTokenMasked() {
        let lines = SettingsReport.plainLines(configuration())
        #expect(lines.count == SettingKey.allCases.count)
        #expect(lines.contains("baseURL http://127.0.0.1:8080 (env LYRA_BASE_URL)"))
        #expect(lines.contains("token ••••WXYZ (credentials file)"))
        #expect(lines.contains("videoMaxPolls 12 (config file)"))
        #expect(lines.contains("appID lyra.cli (default)"))
        #expect(lines.contains("rateURL \(RatePromptTracker.defaultRateURL.absoluteString) (default)"))
        #expect(!lines.joined().contains(token))
    }

    @Test func jsonIsOneObjectWithTypedValuesAndSources() throws {
        let text = try SettingsReport.json(configuration())
        #expect(!text.contains(token))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [String: Any]])
        #expect(Set(object.keys) == Set(SettingKey.allCases.map(\.configName)))
        #expect(object["baseURL"]?["value"] as? String == "http://127.0.0.1:8080")
        #expect(object["baseURL"]?["source"] as? String == "env LYRA_BASE_URL")
        #expect(object["token"]?["value"] as? String == "••••WXYZ")
        #expect(object["videoMaxPolls"]?["value"] as? Int == 12)
        #expect(object["ratePromptEnabled"]?["value"] as? Bool == true)
        #expect(object["apphudAPIKey"]?["value"] is NSNull)
    }

    @Test func aWideTableIsAlignedAndFitsTheWidth() {
        let lines = SettingsReport.table(configuration(), width: 120, theme: .plain)
        #expect(lines.count == SettingKey.allCases.count)
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 120 })
        // The longest key is "purchasePollInterval" (20): every value starts at column 22.
        for line in lines {
            let characters = Array(line)
            #expect(characters[20] == " " && characters[21] == " " && characters[22] != " ", "\(line)")
        }
        #expect(lines.first { $0.hasPrefix("token") }?.contains("••••WXYZ") == true)
    }

    @Test func narrowTerminalsGetBlocksThatFitWithCJKValues() {
        let wide = "/tmp/動画/私のとても長いフォルダの名前/保存先"
        for width in [40, 24, 20] {
            let lines = SettingsReport.table(configuration(videoDirectory: wide), width: width, theme: .plain)
            #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= width }, "width \(width)")
            #expect(lines.contains { $0.hasPrefix("videoDirectory") })
            #expect(lines.contains { $0.contains("動画") })
            #expect(lines.contains { $0.contains("(env LYRA_BASE_URL)") })
        }
    }

    @Test func longValuesWrapInsideTheValueColumn() {
        let lines = SettingsReport.table(configuration(videoDirectory: "/tmp/" + String(repeating: "字", count: 60)),
                                         width: 100, theme: .plain)
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 100 })
        #expect(lines.count > SettingKey.allCases.count)
    }

    @Test func controlCharactersInStoredValuesAreNotPrinted() {
        var configuration = configuration()
        configuration.placement = "main\u{1B}]0;pwned\u{7}"
        #expect(SettingsReport.row(.placement, in: configuration).value == "main")
    }
}
