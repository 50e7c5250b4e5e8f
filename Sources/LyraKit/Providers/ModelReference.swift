// A model named `PROVIDER:MODEL` (SPEC §8): `ollama:llama3.2`, `work:qwen2.5-coder`. A bare
// `MODEL` means the current provider; a bare provider name means that provider's default model.
import Foundation

/// A provider and a model id on it.
public struct ModelReference: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The provider's name, e.g. `openai`.
    public var provider: String
    /// The model id as the provider knows it; empty means "the provider's default" (the app backend).
    public var model: String

    /// Creates a reference.
    public init(provider: String, model: String) {
        self.provider = provider
        self.model = model
    }

    /// Parses `text`: `PROVIDER:MODEL` when the part before the first `:` is a known provider,
    /// otherwise a model on `currentProvider` (model ids such as `llama3.2:1b` contain colons).
    /// - Returns: nil for blank text, or a bare model with no current provider to put it on.
    public static func parse(_ text: String, knownProviders: Set<String>, currentProvider: String?) -> ModelReference? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let colon = trimmed.firstIndex(of: ":") {
            let provider = String(trimmed[..<colon]).lowercased()
            if knownProviders.contains(provider) {
                return ModelReference(provider: provider, model: String(trimmed[trimmed.index(after: colon)...]))
            }
        } else if knownProviders.contains(trimmed.lowercased()) {
            return ModelReference(provider: trimmed.lowercased(), model: "")
        }
        guard let currentProvider else { return nil }
        return ModelReference(provider: currentProvider, model: trimmed)
    }

    /// `PROVIDER:MODEL`, or just `PROVIDER` when the model is the provider's default.
    public var description: String {
        model.isEmpty ? provider : provider + ":" + model
    }
}
