// Looks for model servers on this machine (at the first run, and when no model is chosen): Ollama
// (OLLAMA_HOST, else 11434), llama.cpp's server (8080, and 9931, its newer default), LM Studio (1234)
// and vLLM (8000), one `GET /v1/models` each, in parallel, through the app's HTTPTransport, 300 ms at most.
import Foundation
import LyraKit

/// Probes the known loopback ports, in parallel.
struct LocalModelProbe {
    /// How long one probe may take (`LYRA_REQUEST_TIMEOUT` replaces it, as every request deadline).
    static let timeout: TimeInterval = 0.3
    /// The other servers looked for: provider name, what users call it, port.
    static let otherServers: [(provider: String, label: String, port: Int)] = [
        ("llamacpp", "llama.cpp", 8080), ("llamacpp", "llama.cpp", 9931), ("lmstudio", "LM Studio", 1234),
        ("vllm", "vLLM", 8000),
    ]

    /// The transport the probes go through.
    let transport: any HTTPTransport
    /// The environment (`OLLAMA_HOST`).
    let environment: [String: String]
    /// The configuration (for Ollama's URL as chat would use it).
    let configuration: LyraConfiguration

    /// The candidates: Ollama where chat would reach it, then the others (each address once).
    var candidates: [(provider: String, label: String, url: URL)] {
        var list: [(provider: String, label: String, url: URL)] = []
        let catalog = ProviderCatalog(configuration: configuration, environment: environment)
        if let ollama = catalog.provider(named: "ollama")?.baseURL, Self.isLoopback(ollama) {
            list.append(("ollama", "Ollama", ollama))
        }
        for server in Self.otherServers {
            guard let url = URL(string: "http://127.0.0.1:\(server.port)/v1"), !list.contains(where: { $0.url == url })
            else { continue }
            list.append((server.provider, server.label, url))
        }
        return list
    }

    /// The servers that answered with at least one model, in the order of `candidates`.
    func servers() async -> [LocalModelServer] {
        await withTaskGroup(of: (Int, LocalModelServer?).self) { group in
            for (index, candidate) in candidates.enumerated() {
                group.addTask {
                    let models = await models(at: candidate.url)
                    guard let models, !models.isEmpty else { return (index, nil) }
                    return (index, LocalModelServer(provider: candidate.provider, label: candidate.label,
                                                    baseURL: candidate.url, models: models))
                }
            }
            var found: [(Int, LocalModelServer)] = []
            for await (index, server) in group { if let server { found.append((index, server)) } }
            return found.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// The model ids at `baseURL`, or nil when nothing usable answered in time.
    private func models(at baseURL: URL) async -> [String]? {
        let request = HTTPRequest(method: .get, url: baseURL.appending(path: "models"), timeout: RequestDeadline.effective(Self.timeout))
        guard let (body, head) = try? await transport.send(request), head.isSuccess,
              let list = try? JSONDecoder().decode(OpenAIModelListDTO.self, from: body) else { return nil }
        return list.ids.map { TextSanitizer.sanitize($0) }.filter { !$0.isEmpty && !$0.contains(" ") }
    }

    private static func isLoopback(_ url: URL) -> Bool {
        url.host().map(BaseURLPolicy.isLoopback(host:)) ?? false
    }
}
