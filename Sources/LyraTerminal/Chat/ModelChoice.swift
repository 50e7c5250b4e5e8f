// The model chosen explicitly for this run: `--model`, `LYRA_MODEL`, or `/model M` (which wins
// over the session's saved model until the run ends). Kept by AppServices across reloads, with
// what was learned once a run (SPEC §16): the default model found when none was chosen, and the
// model lists fetched to resolve a bare PROVIDER or MODEL.
import Foundation
import LyraKit

/// This run's explicit model choice, if any, and what resolving model names learned.
@MainActor
final class ModelChoice {
    /// The model text as given (`PROVIDER:MODEL` or a bare model).
    var chosen: String?
    /// The model found when nothing chose one (OPENAI_BASE_URL or a loopback server); looked for once a run.
    var detected: DetectedModel??
    /// Each provider's model ids, fetched once a run (nil: the server has no list or did not answer).
    var offered: [String: [String]?] = [:]
    /// Names already resolved this run (the text as given → the model).
    var resolved: [String: ModelReference] = [:]
}

/// The model Lyra picked by itself when none was chosen, and why.
struct DetectedModel: Equatable {
    /// The model.
    var model: ModelReference
    /// Where it was found, e.g. `OPENAI_BASE_URL` or `Ollama on 127.0.0.1:11434`.
    var origin: String
    /// A provider made for a server on a port no built-in provider covers (llama.cpp, LM Studio, vLLM).
    var provider: ProviderDefinition?
}
