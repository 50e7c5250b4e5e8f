// The answers a model server gives about its context window (SPEC §12), decoded tolerantly: Ollama's
// `GET /api/ps` and `POST /api/show`, llama.cpp's `GET /props`, and `/models` entries that carry
// `context_length` and `pricing` (OpenRouter and others).
import Foundation

/// Ollama's `GET /api/ps`: the loaded models, each with the window it was loaded with.
struct OllamaRunningModelsDTO: Decodable {
    struct Model: Decodable {
        var name: String?
        var model: String?
        var contextLength: Int?

        enum CodingKeys: String, CodingKey { case name, model, contextLength = "context_length" }
    }

    var models: [Model]

    /// The window of `model` when it is loaded (`qwen3` also matches `qwen3:latest`).
    func window(of model: String) -> Int? {
        let wanted = Self.canonical(model)
        return models.first { [$0.name, $0.model].contains { $0.map(Self.canonical) == wanted } }?.contextLength
    }

    static func canonical(_ name: String) -> String {
        name.contains(":") ? name : name + ":latest"
    }
}

/// Ollama's `POST /api/show`: `model_info["<arch>.context_length"]`, overridden by a `num_ctx` line
/// in `parameters` (the window the model is run with).
struct OllamaShowDTO: Decodable {
    var window: Int?

    enum CodingKeys: String, CodingKey { case modelInfo = "model_info", parameters }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let info = (try? container.decodeIfPresent([String: JSONNumberOrOther].self, forKey: .modelInfo)) ?? nil
        let trained = info?.first { $0.key.hasSuffix(".context_length") }?.value.integer
        let parameters = (try? container.decodeIfPresent(String.self, forKey: .parameters)) ?? nil
        let configured = parameters?.split(separator: "\n").lazy.compactMap { line -> Int? in
            let words = line.split(whereSeparator: \.isWhitespace)
            return words.count == 2 && words[0] == "num_ctx" ? Int(words[1]) : nil
        }.first
        window = configured ?? trained
    }
}

/// A JSON value that is kept only when it is a whole number.
struct JSONNumberOrOther: Decodable {
    var integer: Int?

    init(from decoder: any Decoder) throws {
        integer = try? decoder.singleValueContainer().decode(Int.self)
    }
}

/// llama.cpp's `GET /props`: `default_generation_settings.n_ctx`.
struct LlamaCppPropsDTO: Decodable {
    struct Settings: Decodable {
        var nCtx: Int?
        enum CodingKeys: String, CodingKey { case nCtx = "n_ctx" }
    }

    var defaultGenerationSettings: Settings?

    enum CodingKeys: String, CodingKey { case defaultGenerationSettings = "default_generation_settings" }
}

/// `GET {baseURL}/models` entries with their window and prices (per token, as OpenRouter gives them).
struct ModelDetailsListDTO: Decodable {
    struct Entry: Decodable {
        var id: String?
        var contextLength: Int?
        var pricing: Pricing?

        enum CodingKeys: String, CodingKey { case id, contextLength = "context_length", pricing }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try? container.decodeIfPresent(String.self, forKey: .id)
            contextLength = (try? container.decodeIfPresent(Int.self, forKey: .contextLength)) ?? nil
            pricing = (try? container.decodeIfPresent(Pricing.self, forKey: .pricing)) ?? nil
        }
    }

    /// Prices in US dollars per token; numbers or decimal strings.
    struct Pricing: Decodable {
        var prompt: Double?
        var completion: Double?

        enum CodingKeys: String, CodingKey { case prompt, completion }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func price(_ key: CodingKeys) -> Double? {
                if let number = try? container.decode(Double.self, forKey: key) { return number }
                return (try? container.decode(String.self, forKey: key)).flatMap(Double.init)
            }
            prompt = price(.prompt)
            completion = price(.completion)
        }
    }

    var data: [Entry]
}
