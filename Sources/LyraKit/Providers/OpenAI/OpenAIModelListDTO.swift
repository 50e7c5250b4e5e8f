// The answer of `GET {baseURL}/models`: OpenAI's `{"data": [{"id": …}]}`, or Ollama's native
// `{"models": [{"name": …, "model": …}]}`. Entries without a usable id are skipped.
import Foundation

/// The model ids a server offers, in the order it listed them (duplicates removed).
public struct OpenAIModelListDTO: Decodable, Equatable, Sendable {
    /// The model ids.
    public var ids: [String]

    /// A list of `ids`.
    public init(ids: [String]) {
        self.ids = ids
    }

    enum CodingKeys: String, CodingKey { case data, models }

    /// Decodes either shape; only a body that is not a JSON object throws.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let entries = (try? container.decodeIfPresent([Entry].self, forKey: .data))
            ?? (try? container.decodeIfPresent([Entry].self, forKey: .models)) ?? []
        var seen = Set<String>()
        ids = entries.compactMap(\.id).filter { seen.insert($0).inserted }
    }

    /// One listed model; `id` is nil when the entry names none.
    private struct Entry: Decodable {
        var id: String?

        enum CodingKeys: String, CodingKey { case id, name, model }

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: CodingKeys.self) else { return }
            let candidates = [CodingKeys.id, .name, .model].lazy.compactMap { key in
                try? container.decodeIfPresent(String.self, forKey: key)
            }
            id = candidates.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
    }
}
