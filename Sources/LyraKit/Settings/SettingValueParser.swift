// Validation of setting values, shared by loading (any source) and `/settings set`:
// URLs must be http/https, seconds positive and at most a day, booleans true/false (1/0, yes/no, on/off).
import Foundation

/// Parses raw setting text into typed values; a failure carries the reason shown to the user.
enum SettingValueParser {
    /// Why a raw value was refused.
    struct Failure: Error, Equatable {
        /// What the value must be, e.g. "must be a number of seconds greater than 0".
        let reason: String
    }

    /// An absolute http or https URL with a host.
    static func url(_ raw: String) throws(Failure) -> URL {
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host(), !host.isEmpty else {
            throw Failure(reason: "must be an http:// or https:// URL with a host")
        }
        return url
    }

    /// The longest duration any seconds setting accepts: one day.
    static let maximumSeconds: Double = 86_400

    /// A finite number greater than zero and at most ``maximumSeconds``.
    static func positiveSeconds(_ raw: String) throws(Failure) -> Double {
        guard let value = Double(raw), value.isFinite, value > 0, value <= maximumSeconds else {
            throw Failure(reason: "must be a number of seconds greater than 0 and at most 86400 (a day)")
        }
        return value
    }

    /// A whole number greater than zero.
    static func positiveInteger(_ raw: String) throws(Failure) -> Int {
        guard let value = Int(raw), value > 0 else {
            throw Failure(reason: "must be a whole number greater than 0")
        }
        return value
    }

    /// A whole number, 0 or more.
    static func nonNegativeInteger(_ raw: String) throws(Failure) -> Int {
        guard let value = Int(raw), value >= 0 else {
            throw Failure(reason: "must be a whole number, 0 or more")
        }
        return value
    }

    /// `markdown` or `plain` (any case).
    static func renderMode(_ raw: String) throws(Failure) -> RenderMode {
        guard let mode = RenderMode(rawValue: raw.lowercased()) else {
            throw Failure(reason: "must be markdown or plain")
        }
        return mode
    }

    /// `1`, `0`, `true`, `false` (any case; `yes`/`no`/`on`/`off` too).
    static func boolean(_ raw: String) throws(Failure) -> Bool {
        switch raw.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw Failure(reason: "must be true or false (or 1/0, yes/no, on/off)")
        }
    }

    /// Non-empty text.
    static func text(_ raw: String) throws(Failure) -> String {
        guard !raw.isEmpty else { throw Failure(reason: "must not be empty") }
        return raw
    }

    /// Validates `raw` for `key` and returns the value to store in config.json.
    static func storedValue(for key: SettingKey, raw: String) throws(Failure) -> ConfigValue {
        switch key.valueKind {
        case .url: return .string(try url(raw).absoluteString)
        case .text, .path: return .string(try text(raw))
        case .positiveSeconds: return .number(try positiveSeconds(raw))
        case .positiveInteger: return .number(Double(try positiveInteger(raw)))
        case .boolean: return .bool(try boolean(raw))
        case .nonNegativeInteger: return .number(Double(try nonNegativeInteger(raw)))
        case .renderMode: return .string(try renderMode(raw).rawValue)
        }
    }

    /// The language code of a POSIX locale name: `ru_RU.UTF-8` → `ru`; nil for `C`, `POSIX` or junk.
    static func languageCode(fromPOSIXLocale name: String) -> String? {
        let code = name.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
        guard (2 ... 3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return code
    }
}
