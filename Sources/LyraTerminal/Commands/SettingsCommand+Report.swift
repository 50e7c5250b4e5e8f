// How `/settings` presents the configuration: an aligned table on a terminal (stacked when narrow),
// `key value (source)` lines in scripts, one JSON object with --json. Secrets are always masked.
import Foundation
import LyraKit

/// Renders the effective configuration for `/settings`.
enum SettingsReport {
    /// One setting as shown: its name, display value (masked, sanitised) and source.
    struct Row: Equatable {
        var key: String
        var value: String
        var source: String
    }

    /// Below this value-column width the table is stacked (name, then value, then source).
    static let minimumValueColumn = 16

    /// Every setting, in `SettingKey` order.
    static func rows(_ configuration: LyraConfiguration) -> [Row] {
        SettingKey.allCases.map { row($0, in: configuration) }
    }

    /// One setting. An unset `rateURL` shows the rate prompt's default URL.
    static func row(_ key: SettingKey, in configuration: LyraConfiguration) -> Row {
        var value = configuration.displayValue(of: key)
        if key == .rateURL, configuration.rateURL == nil {
            value = RatePromptTracker.defaultRateURL.absoluteString
        }
        let clean = TextSanitizer.singleLine(value)
        return Row(key: key.configName, value: clean, source: configuration.source(of: key).description)
    }

    /// Script output: `key value (source)` per line.
    static func plainLines(_ configuration: LyraConfiguration) -> [String] {
        rows(configuration).map { "\($0.key) \($0.value) (\($0.source))" }
    }

    /// Terminal output no wider than `width`: aligned columns with values wrapped in their column,
    /// or, when the value column would be narrower than ``minimumValueColumn``, one block per setting.
    static func table(_ configuration: LyraConfiguration, width: Int, theme: Theme) -> [String] {
        let rows = rows(configuration)
        let keyWidth = rows.map { DisplayWidth.columns(of: $0.key) }.max() ?? 0
        let sourceWidth = rows.map { DisplayWidth.columns(of: $0.source) }.max() ?? 0
        let valueLimit = width - keyWidth - sourceWidth - 4
        guard valueLimit >= minimumValueColumn else { return stacked(rows, width: width, theme: theme) }
        let valueWidth = min(valueLimit, rows.map { DisplayWidth.columns(of: $0.value) }.max() ?? 0)
        var lines: [String] = []
        for row in rows {
            let values = TextWrapper.wrap(row.value, width: valueWidth)
            for (index, value) in values.enumerated() {
                let key = index == 0 ? row.key : ""
                let keyPad = String(repeating: " ", count: keyWidth - DisplayWidth.columns(of: key) + 2)
                var line = theme.paint(key, .accent) + keyPad
                if index == 0 {
                    line += DisplayWidth.pad(value, toColumns: valueWidth) + "  " + theme.paint(row.source, .muted)
                } else {
                    line += value
                }
                lines.append(trimmingTrailingSpaces(line))
            }
        }
        return lines
    }

    /// One block per setting: the name and the source on one line (the source on its own line when
    /// both do not fit), then the value indented and wrapped.
    private static func stacked(_ rows: [Row], width: Int, theme: Theme) -> [String] {
        let indent = width > 24 ? "  " : ""
        let inner = width - indent.count
        var lines: [String] = []
        for row in rows {
            let source = "(\(row.source))"
            if DisplayWidth.columns(of: row.key) + 2 + DisplayWidth.columns(of: source) <= width {
                lines.append(theme.paint(row.key, .accent) + "  " + theme.paint(source, .muted))
            } else {
                lines += TextWrapper.wrap(row.key, width: width).map { theme.paint($0, .accent) }
                lines += TextWrapper.wrap(source, width: inner).map { indent + theme.paint($0, .muted) }
            }
            lines += TextWrapper.wrap(row.value, width: inner).map { indent + $0 }
        }
        return lines
    }

    /// `{"baseURL": {"value": …, "source": "…"}, …}`: unset values are null, numbers and
    /// booleans typed, secrets masked. Keys sorted.
    /// - Throws: `CommandError.failed` if the document cannot be encoded.
    static func json(_ configuration: LyraConfiguration) throws -> String {
        var object: [String: Any] = [:]
        for key in SettingKey.allCases {
            object[key.configName] = [
                "value": jsonValue(key, in: configuration),
                "source": configuration.source(of: key).description,
            ]
        }
        do {
            let data = try JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
            return JSONText.string(from: data)
        } catch {
            throw CommandError.failed("cannot encode the settings as JSON")
        }
    }

    private static func jsonValue(_ key: SettingKey, in configuration: LyraConfiguration) -> Any {
        switch key {
        case .baseURL: return configuration.baseURL.map(SecretText.displayURL) ?? NSNull()
        case .token, .apphudAPIKey:
            let secret = key == .token ? configuration.token : configuration.apphudAPIKey
            return secret.map(LyraConfiguration.maskedSecret) ?? NSNull()
        case .premium: return configuration.premium ?? NSNull()
        case .allowInsecureHTTP: return configuration.allowInsecureHTTP
        case .ratePromptEnabled: return configuration.ratePromptEnabled
        case .model: return configuration.model ?? NSNull()
        case .writingModel: return configuration.writingModel ?? NSNull()
        case .contextMessages: return configuration.contextMessages
        case .contextTokens: return configuration.contextTokens ?? NSNull()
        case .render: return configuration.render.rawValue
        case .videoMaxPolls: return configuration.videoMaxPolls
        case .videoPollInterval: return number(configuration.videoPollInterval)
        case .purchasePollInterval: return number(configuration.purchasePollInterval)
        case .purchaseTimeout: return number(configuration.purchaseTimeout)
        case .rateURL: return SecretText.displayURL(configuration.rateURL ?? RatePromptTracker.defaultRateURL)
        case .userID, .appID, .locale, .apphudURL, .placement, .videoDirectory:
            return configuration.displayValue(of: key)
        }
    }

    private static func number(_ value: Double) -> Any {
        if let whole = Int(exactly: value) { return whole }
        return value
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var result = line
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
