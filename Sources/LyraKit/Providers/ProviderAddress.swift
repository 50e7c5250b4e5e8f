// How a provider's address is named in errors (SPEC §16): `Ollama at 127.0.0.1:11434 (OLLAMA_HOST)`,
// and the `/v1` check for a base URL that answers 404 (`…/v1/models` answering means `/v1` is missing).
import Foundation

extension ProviderDefinition {
    /// What users call this provider's server: `Ollama` for `ollama`, otherwise its name.
    public var label: String {
        name == "ollama" ? "Ollama" : name
    }

    /// Where the base URL is set: `OLLAMA_HOST`, `OPENAI_BASE_URL`, or the config.json member.
    public var baseURLSetting: String {
        switch name {
        case "ollama": return "OLLAMA_HOST"
        case "openai": return "OPENAI_BASE_URL"
        default: return "providers.\(name).baseURL in config.json"
        }
    }

    /// `host:port` of the base URL (the scheme's default port when none is written).
    public var address: String {
        guard let baseURL, let host = baseURL.host() else { return baseURL?.absoluteString ?? name }
        let port = baseURL.port ?? (baseURL.scheme == "https" ? 443 : 80)
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(shownHost):\(port)"
    }

    /// The error for a connection that could not be opened.
    var couldNotConnect: ProviderError {
        .couldNotConnect(label: label, address: address, setting: baseURLSetting)
    }

    /// The base URL with `/v1` appended, when it does not end in `/v1` already.
    var baseURLWithV1: URL? {
        guard let baseURL else { return nil }
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard !text.hasSuffix("/v1") else { return nil }
        return URL(string: text + "/v1")
    }
}
