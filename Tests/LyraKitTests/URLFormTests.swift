// Odd but valid URL forms (issue 16): an IPv6 loopback base URL and an upper-case scheme in a
// server's video URL build the requests a user expects.
import Foundation
import Testing
@testable import LyraKit

@Suite struct URLFormTests {
    @Test func anIPv6LoopbackBaseURLBuildsRequestsOnIt() throws {
        let config = try APIConfig(baseURL: URL(string: "http://[::1]:8123"), token: "tkn", userID: "u", appID: "lyra.cli")
        let request = try Endpoint.chatMessage(chatID: "c", message: "hi", locale: "en").httpRequest(config: config)
        #expect(request.url.absoluteString == "http://[::1]:8123/dola/chats/c/messages?user_id=u&app_id=lyra.cli&locale=en")
        #expect(request.url.host() == "::1" || request.url.host() == "[::1]")
    }

    @Test func anUpperCaseSchemeVideoURLIsDownloadedWithTheToken() throws {
        let config = try APIConfig(baseURL: URL(string: "http://127.0.0.1:8123"), token: "tkn", userID: "u", appID: "lyra.cli")
        let request = try Endpoint.downloadRequest(for: "HTTP://127.0.0.1:8123/media/v.mp4", config: config)
        #expect(request.url.absoluteString.lowercased().hasPrefix("http://127.0.0.1:8123/media/v.mp4?user_id=u&app_id=lyra.cli"))
        #expect(request.value(forHeader: "Authorization") == "Bearer tkn")
    }
}
