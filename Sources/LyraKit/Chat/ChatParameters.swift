// A session's sampling parameters (SPEC §15): `/set temperature 0.2`, `top_p`, `max_tokens`, `seed`,
// and `--temperature`/`--max-tokens`. Saved in the session as `parameters` (its rows in
// ChatParameters+Stored.swift) and sent with each of its requests.
import Foundation

/// The sampling parameters of a session; nil members are not sent (the server's default holds).
public struct ChatParameters: Equatable, Sendable {
    /// `temperature`, 0–2.
    public var temperature: Double?
    /// `top_p`, 0–1.
    public var topP: Double?
    /// `max_tokens`, at least 1.
    public var maxTokens: Int?
    /// `seed`, any integer.
    public var seed: Int?

    /// Parameters with the given members set.
    public init(temperature: Double? = nil, topP: Double? = nil, maxTokens: Int? = nil, seed: Int? = nil) {
        self.temperature = temperature
        self.topP = topP
        self.maxTokens = maxTokens
        self.seed = seed
    }

    /// The names `/set` takes, in the order it lists them.
    public static let names = ["temperature", "top_p", "max_tokens", "seed"]

    /// Whether no parameter is set.
    public var isEmpty: Bool { self == ChatParameters() }

    /// Sets parameter `name` from the text `value`.
    /// - Throws: `ChatParameterError` for an unknown name or a value out of its range.
    public mutating func set(_ name: String, to value: String) throws(ChatParameterError) {
        let text = value.trimmingCharacters(in: .whitespaces)
        switch name {
        case "temperature": temperature = try Self.fraction(text, name: name, upTo: 2)
        case "top_p": topP = try Self.fraction(text, name: name, upTo: 1)
        case "max_tokens":
            guard let number = Int(text), number >= 1 else {
                throw .badValue(name: name, value: text, expected: "a whole number of at least 1")
            }
            maxTokens = number
        case "seed":
            guard let number = Int(text) else { throw .badValue(name: name, value: text, expected: "a whole number") }
            seed = number
        default: throw .unknownName(name)
        }
    }

    /// Removes parameter `name` (the server's default holds again).
    /// - Throws: `ChatParameterError.unknownName`.
    public mutating func clear(_ name: String) throws(ChatParameterError) {
        switch name {
        case "temperature": temperature = nil
        case "top_p": topP = nil
        case "max_tokens": maxTokens = nil
        case "seed": seed = nil
        default: throw .unknownName(name)
        }
    }

    /// The value of parameter `name` as `/set` shows it, nil when it is not set.
    public func value(of name: String) -> String? {
        switch name {
        case "temperature": temperature.map(Self.text)
        case "top_p": topP.map(Self.text)
        case "max_tokens": maxTokens.map(String.init)
        case "seed": seed.map(String.init)
        default: nil
        }
    }

    /// These parameters with those set in `overrides` put over them.
    public func merged(with overrides: ChatParameters) -> ChatParameters {
        ChatParameters(temperature: overrides.temperature ?? temperature, topP: overrides.topP ?? topP,
                       maxTokens: overrides.maxTokens ?? maxTokens, seed: overrides.seed ?? seed)
    }

    /// A number in 0…`upper`.
    private static func fraction(_ text: String, name: String, upTo upper: Double) throws(ChatParameterError) -> Double {
        guard let number = Double(text), number.isFinite, number >= 0, number <= upper else {
            throw .badValue(name: name, value: text, expected: "a number from 0 to \(Self.text(upper))")
        }
        return number
    }

    /// A number as written back: `0.2`, `1` (not `1.0`).
    static func text(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

/// A `/set` (or `--temperature`, `--max-tokens`) that cannot be applied.
public enum ChatParameterError: Error, Equatable, LocalizedError {
    /// No such parameter.
    case unknownName(String)
    /// A value out of the parameter's range.
    case badValue(name: String, value: String, expected: String)

    /// A user-facing description.
    public var errorDescription: String? {
        switch self {
        case .unknownName(let name):
            "unknown parameter '\(name)' (use \(ChatParameters.names.joined(separator: ", ")))"
        case .badValue(let name, let value, let expected):
            "\(name) must be \(expected), not '\(value)'"
        }
    }
}
