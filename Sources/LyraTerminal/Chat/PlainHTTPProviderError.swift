// A model server on another machine reached over plain http:// (SPEC §16): Ollama and llama.cpp
// serve no https, so "use https://" is no help. Says why it is refused and how to allow it.
import Foundation
import LyraKit

/// A provider's plain-http base URL outside this machine, refused while `allowInsecureHTTP` is off.
struct PlainHTTPProviderError: Error, LocalizedError, Equatable {
    /// What users call the server (`Ollama`).
    var label: String
    /// Its `host:port`.
    var address: String
    /// Where the address is set (`OLLAMA_HOST`).
    var setting: String

    var errorDescription: String? {
        "\(label) at \(address) (\(setting)) is plain http:// on another machine: the conversation would cross "
            + "the network unencrypted, so Lyra refuses it unless allowInsecureHTTP is true. "
            + "If you trust that network: /settings set allowInsecureHTTP true (or LYRA_ALLOW_INSECURE_HTTP=1)"
    }
}

extension PlainHTTPProviderError: StatusCarryingError {
    /// A refused base URL is a configuration problem (exit status 2), as for the app backend.
    var exitStatus: ExitStatus { .usage }
}
