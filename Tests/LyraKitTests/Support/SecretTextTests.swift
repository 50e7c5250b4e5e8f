// Secrets in printed text: every form of a token is masked, short tokens never mangle text, a
// URL's password is masked, and child programs get an environment without secrets.
import Foundation
import Testing
import LyraKit

@Suite struct SecretTextTests {
    @Test func aTokenIsMaskedAsIsAndPercentEncoded() {
        let token = "tok/en+1 ?x"
        let text = "raw tok/en+1 ?x, path tok%2Fen%2B1%20%3Fx, query tok/en+1%20?x"
        let masked = SecretText.redacting(token, in: text)
        #expect(!masked.contains("tok"))
        #expect(masked.hasPrefix("raw ••••, path ••••"))
    }

    @Test func aVeryShortTokenDoesNotMangleText() {
        #expect(SecretText.redacting("ab", in: "about a table") == "about a table")
        #expect(APIError.networkError("about ab").redacting("ab") == .networkError("about ab"))
        #expect(APIError.networkError("key abcd1234 leaked").redacting("abcd1234") == .networkError("key •••• leaked"))
    }

    @Test func aURLPasswordIsMasked() throws {
        let url = try #require(URL(string: "https://user:s3cr%40t@example.com:8443/api"))
        #expect(SecretText.displayURL(url) == "https://user:••••@example.com:8443/api")
        let plain = try #require(URL(string: "https://example.com/api"))
        #expect(SecretText.displayURL(plain) == "https://example.com/api")
    }

    @Test func childProgramsGetNoSecretVariables() {
        let environment = ["PATH": "/bin", "DISPLAY": ":0", "LYRA_TOKEN": "t", "LYRA_BASE_URL": "u",
                           "OPENAI_API_KEY": "k", "GITHUB_TOKEN": "g", "AWS_SECRET_ACCESS_KEY": "s", "HOME": "/h"]
        #expect(SecretText.environmentWithoutSecrets(environment) == ["PATH": "/bin", "DISPLAY": ":0", "HOME": "/h"])
    }
}
