// The body of `POST /ai-writing`: the text and one mode flag, with `translate_to`/`style` as
// JSON null when unset (SPEC §4).
import Foundation

/// A writing request with exactly one mode set.
public struct AIWritingRequestDTO: Codable, Equatable, Sendable {
    /// The text to work on.
    public let text: String
    /// Improve flag.
    public let improve: Bool
    /// Rewrite flag.
    public let rewrite: Bool
    /// Fix-grammar flag.
    public let fixGrammar: Bool
    /// Shorten flag.
    public let shorten: Bool
    /// Target language, when translating.
    public let translateTo: String?
    /// Target style, when restyling.
    public let style: String?

    /// Builds the request for `mode`, which decides which single field is set.
    public init(text: String, mode: WritingMode) {
        self.text = text
        improve = mode == .improve
        rewrite = mode == .rewrite
        fixGrammar = mode == .grammar
        shorten = mode == .shorten
        if case let .translate(language) = mode { translateTo = language } else { translateTo = nil }
        if case let .style(name) = mode { style = name } else { style = nil }
    }

    /// The mode this request carries (the first set field, in SPEC order).
    public var mode: WritingMode {
        if let translateTo { return .translate(translateTo) }
        if let style { return .style(style) }
        if rewrite { return .rewrite }
        if fixGrammar { return .grammar }
        if shorten { return .shorten }
        return .improve
    }

    enum CodingKeys: String, CodingKey {
        case text, improve, rewrite, style
        case fixGrammar = "fix_grammar"
        case shorten
        case translateTo = "translate_to"
    }

    /// Decodes a request; missing flags count as false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        improve = try container.decodeIfPresent(Bool.self, forKey: .improve) ?? false
        rewrite = try container.decodeIfPresent(Bool.self, forKey: .rewrite) ?? false
        fixGrammar = try container.decodeIfPresent(Bool.self, forKey: .fixGrammar) ?? false
        shorten = try container.decodeIfPresent(Bool.self, forKey: .shorten) ?? false
        translateTo = try container.decodeIfPresent(String.self, forKey: .translateTo)
        style = try container.decodeIfPresent(String.self, forKey: .style)
    }

    /// Encodes every field, writing `null` for an unset `translate_to` or `style`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(improve, forKey: .improve)
        try container.encode(rewrite, forKey: .rewrite)
        try container.encode(fixGrammar, forKey: .fixGrammar)
        try container.encode(shorten, forKey: .shorten)
        try container.encode(translateTo, forKey: .translateTo)
        try container.encode(style, forKey: .style)
    }
}
