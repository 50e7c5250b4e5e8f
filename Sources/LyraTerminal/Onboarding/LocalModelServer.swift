// A model server found on loopback at the first run (see LocalModelProbe), and how choosing it is saved.
import Foundation

/// A model server found on loopback.
struct LocalModelServer: Equatable {
    /// `ollama` or `llamacpp`: the provider name the choice is saved under.
    var provider: String
    /// What the user is shown, e.g. `Ollama`.
    var label: String
    /// The OpenAI-compatible base URL, ending in `/v1`.
    var baseURL: URL
    /// The models it offers, in its order (at least one).
    var models: [String]

    /// `host:port` of its base URL.
    var address: String {
        guard let host = baseURL.host() else { return baseURL.absoluteString }
        return host + (baseURL.port.map { ":\($0)" } ?? "")
    }
}
