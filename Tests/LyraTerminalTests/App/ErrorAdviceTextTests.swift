// LyraKit's errors carry typed advice; the terminal renders it after the error's text, so users
// see the same complete messages (commands included) as before the advice moved out of LyraKit.
import LyraKit
import Testing
@testable import LyraTerminal

@Suite struct ErrorAdviceTextTests {
    @Test func theTerminalAppendsItsCommandsToLyraKitsErrors() {
        let shown: [(any Error, String)] = [
            (APIError.unauthorized, "unauthorized: check your token: /login"),
            (APIError.subscriptionRequired, "subscription required: see /subscribe"),
            (APIError.insecureURL("example.com"),
             "refusing plain http:// to example.com: use https://, or allow it with /settings set allowInsecureHTTP true"),
            (APIError.missingBaseURL, "no backend configured: set LYRA_BASE_URL, pass --base-url URL, "
                + "run /settings set baseURL URL, or try lyra --demo"),
            (SubscriptionError.purchaseTimedOut(productID: "lyra.yearly", seconds: 300),
             "the purchase of lyra.yearly was not confirmed within 300 s; if you paid, run /subscribe restore"),
            (SessionError.notFound(reference: "9"), "no session matches '9' (see /sessions)"),
            (ProviderError.noModel(provider: "ollama"),
             "no model chosen on ollama: pick one with /model ollama:MODEL (/model lists them)"),
            (ProviderError.unknownProvider("nope"), "unknown provider 'nope': see /model for the providers"),
            (VideoError.unknownTemplate("99"), "unknown template '99' (see /video templates)"),
        ]
        for (error, text) in shown {
            #expect(ErrorText.describe(error) == text)
        }
    }

    @Test func errorsWithoutAdviceAreShownAsTheyAre() {
        #expect(ErrorText.describe(APIError.invalidResponse(statusCode: 500, detail: "db down")) == "server error 500: db down")
        #expect(ErrorText.describe(SessionError.emptyTitle) == "a session title cannot be empty")
    }
}
