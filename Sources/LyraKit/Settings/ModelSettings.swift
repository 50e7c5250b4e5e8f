// Per-model settings in config.json's `models` object (SPEC §12):
// `{"models": {"qwen3:8b": {"contextWindow": 32768, "price": {"input": 0.15, "output": 0.60}}}}`.
import Foundation

/// What config.json says about one model.
public struct ModelSettings: Sendable, Equatable, Decodable {
    /// The model's context window in tokens, used when the server does not say (`contextWindow`).
    public var contextWindow: Int?
    /// Its price in US dollars per million tokens (`price`).
    public var price: ModelPrice?

    /// Creates settings.
    public init(contextWindow: Int? = nil, price: ModelPrice? = nil) {
        self.contextWindow = contextWindow
        self.price = price
    }

    enum CodingKeys: String, CodingKey { case contextWindow, price }

    /// Decodes `contextWindow` (a whole number above 0) and `price`; other members are ignored.
    /// - Throws: `DecodingError` for values of the wrong type or a window below 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contextWindow = try container.decodeIfPresent(Int.self, forKey: .contextWindow)
        if let window = contextWindow, window < 1 {
            throw DecodingError.dataCorruptedError(forKey: .contextWindow, in: container,
                                                   debugDescription: "contextWindow must be 1 or more")
        }
        price = try container.decodeIfPresent(ModelPrice.self, forKey: .price)
    }
}

/// A model's price per million tokens, in US dollars.
public struct ModelPrice: Sendable, Equatable, Codable {
    /// Per million prompt tokens.
    public var input: Double
    /// Per million completion tokens (reasoning included).
    public var output: Double

    /// Creates a price.
    public init(input: Double, output: Double) {
        self.input = input
        self.output = output
    }

    /// The cost of `promptTokens` and `completionTokens`.
    public func cost(promptTokens: Int, completionTokens: Int) -> Double {
        (Double(promptTokens) * input + Double(completionTokens) * output) / 1_000_000
    }
}
