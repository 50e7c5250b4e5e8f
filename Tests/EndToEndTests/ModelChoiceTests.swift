// Choosing a model without friction (SPEC §16), the built binary against LyraBackend's /v1 routes:
// a PROVIDER alone, a bare MODEL with the nearest names suggested, OPENAI_BASE_URL's first model or
// a server on loopback when nothing is chosen, errors that name the missing /v1 and the refused
// address, `/model M --default`, `/settings set model` checked, options after the prompt, -m/-s.
import Foundation
import LyraTestSupport
import Testing

/// OPENAI_BASE_URL pointed at `backend` with its token as the key, and no model chosen.
private func unchosen(_ backend: RunningBackend) -> [String: String] {
    ["OPENAI_BASE_URL": backend.url.absoluteString + "/v1", "OPENAI_API_KEY": backend.token]
}

/// The `model` of each chat request the backend received, in order.
private func requestedModels(_ backend: RunningBackend) async throws -> [String] {
    try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }.compactMap(\.bodyText).map {
        let json = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        return json?["model"] as? String ?? ""
    }
}

@Suite struct ModelChoiceTests {
    @Test func withOnlyOpenAIBaseURLItsFirstModelIsUsedAndNamedOnce() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["hello"], extraEnvironment: unchosen(backend))
        #expect(result.status == 0)
        #expect(result.stdout == cannedReply("hello", history: "1 message: yours") + "\n")
        #expect(result.stderr == "lyra: no model chosen: using openai:lyra-demo, the first model at OPENAI_BASE_URL "
            + "(choose one with --model, or /model M --default)\n")
        let quiet = try await env.runLyra(["-q", "-c", "one", "-c", "two"], extraEnvironment: unchosen(backend))
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        #expect(try await requestedModels(backend) == ["lyra-demo", "lyra-demo", "lyra-demo"])
    }

    @Test func aProviderAloneMeansItsFirstModelEverywhere() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let flag = try await env.runLyra(["--model", "openai", "hi"], extraEnvironment: unchosen(backend))
        #expect(flag.status == 0 && flag.stderr.isEmpty)
        var variable = unchosen(backend)
        variable["LYRA_MODEL"] = "openai"
        let fromEnvironment = try await env.runLyra(["hi"], extraEnvironment: variable)
        #expect(fromEnvironment.status == 0 && fromEnvironment.stderr.isEmpty)
        let command = try await env.runLyra(["-c", "/model openai", "-c", "hi"], extraEnvironment: unchosen(backend))
        #expect(command.status == 0)
        #expect(try await requestedModels(backend) == ["lyra-demo", "lyra-demo", "lyra-demo"])
        let saved = try storedSession(try #require(sessionFiles(env).first))
        #expect(saved["model"] as? String == "openai:lyra-demo")
    }

    @Test func aBareModelIsTheCurrentProvidersAndNearNamesAreSuggested() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let bare = try await env.runLyra(["-m", "lyra-think", "hi"], extraEnvironment: unchosen(backend))
        #expect(bare.status == 0 && bare.stderr.isEmpty)
        #expect(try await requestedModels(backend) == ["lyra-think"])
        let typo = try await env.runLyra(["hi", "--model", "lyra-dem"], extraEnvironment: unchosen(backend))
        #expect(typo.status == 1)
        #expect(typo.stderr == "lyra: unknown model 'lyra-dem' on openai: did you mean lyra-demo or lyra-think or lyra-tools? "
            + "(/model lists them)\n")
        let provider = try await env.runLyra(["-m", "olama:x", "hi"])
        #expect(provider.stderr.hasPrefix("lyra: unknown provider 'olama' (did you mean ollama?)"))
        #expect(try await requestedModels(backend) == ["lyra-think"])
    }

    @Test func aBaseURLWithoutV1GetsTheHintAndARefusedPortNamesTheProvider() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let noV1 = ["OPENAI_BASE_URL": backend.url.absoluteString, "OPENAI_API_KEY": backend.token]
        for arguments in [["hello"], ["-m", "openai:lyra-demo", "hello"]] {
            let result = try await env.runLyra(arguments, extraEnvironment: noV1)
            #expect(result.status != 0)
            #expect(result.stderr.hasSuffix("lyra: the server expects /v1 at the end of the base URL: use "
                + backend.url.absoluteString + "/v1\n"), "\(arguments): \(result.stderr)")
        }
        let refusing = try RefusingPort()
        let down = try await env.runLyra(["-m", "ollama:llama3.2", "hi"],
                                         extraEnvironment: ["OLLAMA_HOST": "127.0.0.1:\(refusing.port)"])
        #expect(down.status == 1)
        #expect(down.stderr == "lyra: could not connect to Ollama at 127.0.0.1:\(refusing.port) — is it running? "
            + "(OLLAMA_HOST)\n")
    }

    @Test func withNothingChosenAServerOnLoopbackIsFoundAndNamed() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(requireToken: false)
        // The probe's 300 ms per server is lengthened (LYRA_REQUEST_TIMEOUT) so that a loaded machine
        // running tests in parallel cannot make the backend look absent.
        let ollama = ["OLLAMA_HOST": "127.0.0.1:\(backend.url.port ?? 0)", "LYRA_REQUEST_TIMEOUT": "60"]
        let result = try await env.runLyra(["hello"], extraEnvironment: ollama)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("lyra: no model chosen: using ollama:lyra-demo, the first model of Ollama at "
            + "127.0.0.1:\(backend.url.port ?? 0)"))
        #expect(try await requestedModels(backend) == ["lyra-demo"])
    }

    @Test func modelDefaultIsSavedAndTheModelSettingIsChecked() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(
            ["-c", "/settings set model nosuch:thing", "-c", "/model lyra-think --default"],
            extraEnvironment: unchosen(backend))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("lyra: line 1: unknown model 'nosuch:thing' on openai"))
        let config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: env.configFile)) as? [String: Any])
        #expect(config["model"] as? String == "openai:lyra-think")
        let next = try await env.runLyra(["hi"], extraEnvironment: unchosen(backend))
        #expect(next.status == 0 && next.stderr.isEmpty)
        #expect(try await requestedModels(backend) == ["lyra-think"])
        let unknownProvider = try await env.runLyra(["-c", "/settings set model nosuch:thing"])
        #expect(unknownProvider.status == 2)
        #expect(unknownProvider.stderr.hasPrefix("lyra: line 1: unknown provider 'nosuch'"))
    }

    @Test func ollamaOnAnotherMachineNamesAllowInsecureHTTPAndOneShotsAreNotToldToUseNew() async throws {
        let env = try TemporaryEnvironment()
        let remote = try await env.runLyra(["-m", "ollama:llama3.2", "hi"],
                                           extraEnvironment: ["OLLAMA_HOST": "192.168.1.50:11434"])
        #expect(remote.status == 2)
        #expect(remote.stderr.hasPrefix("lyra: Ollama at 192.168.1.50:11434 (OLLAMA_HOST) is plain http:// on another "
            + "machine"))
        #expect(remote.stderr.contains("/settings set allowInsecureHTTP true") && !remote.stderr.contains("use https://"))

        let backend = try RunningBackend()
        try await backend.control.injectFault(json: #"{"path": "/v1/chat/completions", "openai_error": "context_length"}"#)
        let long = try await env.runLyra(["-m", "openai:lyra-demo", "a long question"], extraEnvironment: unchosen(backend))
        #expect(long.status == 1)
        #expect(long.stderr.contains("shorten the prompt or the piped input") && !long.stderr.contains("/new"))
        #expect(!long.stderr.contains("line 0"))
    }

    @Test func optionsMayFollowThePromptAndHaveShortForms() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["what", "is", "rust", "-m", "openai:lyra-demo", "-s", "Be brief."],
                                           extraEnvironment: unchosen(backend))
        #expect(result.status == 0 && result.stderr.isEmpty)
        let body = try #require(try await backend.control.requests().last { $0.path == "/v1/chat/completions" }?.bodyText)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let messages = try #require(json["messages"] as? [[String: String]])
        #expect(messages.map { $0["content"] ?? "" } == ["Be brief.", "what is rust"])
        let dashed = try await env.runLyra(["-m", "openai:lyra-demo", "--", "what", "-m", "means"],
                                           extraEnvironment: unchosen(backend))
        #expect(dashed.status == 0)
        #expect(dashed.stdout == cannedReply("what -m means", history: "1 message: yours") + "\n")
    }
}
