// How hard a thinking model should think (SPEC §11 "Control"): `/think off|low|medium|high|default`,
// and which request fields a provider takes to say so.
import Foundation

/// The reasoning effort asked of the model; no level (nil) asks for nothing and sends neither field.
public enum ThinkLevel: String, Sendable, Equatable, CaseIterable {
    case off, low, medium, high

    /// `value` as a level: nil for `default` (ask nothing).
    /// - Throws: `ThinkLevel.Unknown` for any other word.
    public static func parse(_ value: String) throws -> ThinkLevel? {
        let word = value.lowercased()
        if word == "default" { return nil }
        guard let level = ThinkLevel(rawValue: word) else { throw Unknown(value: value) }
        return level
    }

    /// A word that is not a level.
    public struct Unknown: LocalizedError, Equatable {
        /// What was given.
        public let value: String
        /// The message.
        public var errorDescription: String? {
            "unknown thinking level '\(TextSanitizer.singleLine(value))' (use off, low, medium, high or default)"
        }
    }
}

/// Which request fields a provider takes for the thinking level (`"think"` in its config).
public enum ThinkControl: String, Sendable, Equatable, Codable {
    /// `reasoning_effort` (`none` for off).
    case effort
    /// `chat_template_kwargs: {"enable_thinking": false}` for off.
    case template
    /// Both (the default: servers ignore the field they do not know).
    case both
    /// Neither.
    case none

    /// The `reasoning_effort` to send for `level`, if any.
    func effort(for level: ThinkLevel?) -> String? {
        guard let level, self == .effort || self == .both else { return nil }
        return level == .off ? "none" : level.rawValue
    }

    /// The `enable_thinking` template argument to send for `level`, if any.
    func enableThinking(for level: ThinkLevel?) -> Bool? {
        guard level == .off, self == .template || self == .both else { return nil }
        return false
    }
}
