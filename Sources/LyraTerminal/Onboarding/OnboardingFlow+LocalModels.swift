// The first-run offer of a model server found on loopback (Ollama, llama.cpp): `ollama:MODEL`, or a
// `llamacpp` providers entry plus `llamacpp:MODEL`, saved as the `model` setting when accepted.
import Foundation
import LyraKit

extension OnboardingFlow {
    /// Probes loopback and, when a server answers, offers its first model; returns the saved model.
    static func offerLocalModel(context: CommandContext, input: any FollowUpInput) async -> String? {
        guard let configuration = try? context.services.configuration() else { return nil }
        let probe = LocalModelProbe(transport: CurlTransport.shared, environment: context.services.environment,
                                    configuration: configuration)
        guard let server = await probe.servers().first, let model = server.models.first else { return nil }
        let more = server.models.count > 1 ? " (and \(server.models.count - 1) more: /model lists them)" : ""
        say("Found \(server.label) on this machine at \(server.baseURL.absoluteString), with \(model)\(more).",
            context: context)
        let reference = server.provider + ":" + model
        let answer = await input.nextLine(prompt: "Chat with \(reference)? [Y/n] ") ?? "n"
        guard ["", "y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else { return nil }
        do {
            if server.provider != "ollama" {
                try ConfigFile(directories: context.services.directories)
                    .setProvider(server.provider, baseURL: server.baseURL, model: model)
            }
            try context.services.configurationLoader.set(.model, value: reference)
        } catch {
            context.console.writeErrorMessage("error: " + ErrorText.describe(error), theme: context.theme,
                                              leadStyle: .error)
            return nil
        }
        context.services.reloadConfiguration()
        say("Saved model \(reference): messages now go to \(server.label).", context: context)
        return reference
    }

    /// The URL typed at onboarding when chat would accept it (same policy); prints why not otherwise.
    static func acceptableURL(_ text: String, context: CommandContext) -> Bool {
        let allowInsecure = (try? context.services.configuration())?.allowInsecureHTTP ?? false
        // Text that is no URL at all is left to the setting's own parser, whose message says more.
        guard let url = URL(string: text), url.scheme != nil, url.host() != nil else { return true }
        do {
            try BaseURLPolicy(allowInsecureHTTP: allowInsecure).validate(url)
            return true
        } catch {
            context.console.writeErrorMessage("error: " + ErrorText.describe(error), theme: context.theme,
                                              leadStyle: .error)
            return false
        }
    }
}
