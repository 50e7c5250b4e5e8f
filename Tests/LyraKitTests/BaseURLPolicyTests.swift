// BaseURLPolicy: https always; http only to loopback (127.0.0.0/8, ::1, localhost) unless allowed.
import Foundation
import Testing
@testable import LyraKit

@Suite struct BaseURLPolicyTests {
    @Test(arguments: ["https://api.example.com", "http://127.0.0.1:8080", "http://127.9.8.7", "http://[::1]:9000/v1",
                      "http://localhost:3000", "http://LOCALHOST"])
    func accepted(_ text: String) throws {
        try BaseURLPolicy().validate(try #require(URL(string: text)))
    }

    @Test(arguments: ["http://example.com", "http://128.0.0.1", "http://10.0.0.1", "http://localhost.evil.com",
                      "http://127.0.0.1.nip.io", "http://[::2]"])
    func refusedAsInsecure(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(throws: APIError.insecureURL(try #require(url.host()))) { try BaseURLPolicy().validate(url) }
        try BaseURLPolicy(allowInsecureHTTP: true).validate(url)
    }

    @Test(arguments: ["ftp://example.com", "file:///etc/passwd", "https://"])
    func refusedAsInvalid(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(throws: APIError.invalidURL) { try BaseURLPolicy(allowInsecureHTTP: true).validate(url) }
    }
}
