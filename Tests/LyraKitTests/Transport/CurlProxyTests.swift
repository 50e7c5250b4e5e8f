// The libcurl transport with a proxy (SPEC §10 "Proxies", issue 33): a loopback server stands in for
// the proxy and records what reaches it. Origins are `.invalid` names that only the proxy "resolves",
// so nothing leaves the machine. Credentials never go to a plain-http proxy; an https request
// tunnels with CONNECT; a failure the proxy caused names the proxy.
import Foundation
import LyraKit
import LyraTestSupport
import Testing

@Suite struct CurlProxyTests {
    private static func transport(_ proxy: String, variable: String = "http_proxy") -> CurlTransport {
        CurlTransport(proxies: ProxyEnvironment([variable: proxy]))
    }

    private static func proxyURL(_ server: LoopbackHTTPServer) -> String { "http://127.0.0.1:\(server.port)" }

    @Test func aPlainHTTPRequestWithCredentialsIsRefusedBeforeTheProxySeesAnything() async throws {
        let proxy = try LoopbackHTTPServer([.respond(status: 200, body: Data("{}".utf8))])
        let transport = Self.transport(Self.proxyURL(proxy))
        let url = try #require(URL(string: "http://lyra-test.invalid/v1/models"))
        for (header, value) in [("Authorization", "Bearer sk-never-sent"), ("APPHUD-API-KEY", "app_never_sent")] {
            let request = HTTPRequest(url: url, headers: [(header, value)], credentialHeaders: ["authorization", "apphud-api-key"])
            let error = await TransportTestSupport.apiError { _ = try await transport.send(request) }
            #expect(error == .proxyRefused(proxy: "127.0.0.1:\(proxy.port)", host: "lyra-test.invalid"))
            #expect(error?.errorDescription == "refusing to send credentials over plain http:// through the proxy "
                + "127.0.0.1:\(proxy.port): use https://, or add lyra-test.invalid to no_proxy")
        }
        // The same request without credentials goes through the proxy, in absolute form.
        let (body, head) = try await transport.send(HTTPRequest(url: url))
        #expect(head.statusCode == 200 && body == Data("{}".utf8))
        #expect(proxy.requests.map(\.target) == ["http://lyra-test.invalid/v1/models"])
        #expect(proxy.requests.first?.headers["authorization"] == nil)
    }

    @Test func anHTTPSRequestWithCredentialsTunnelsAndTheProxySeesNoCredential() async throws {
        let proxy = try LoopbackHTTPServer([.respond(status: 403)])
        let transport = Self.transport(Self.proxyURL(proxy), variable: "https_proxy")
        let url = try #require(URL(string: "https://lyra-test.invalid/v1/models"))
        let request = HTTPRequest(url: url, headers: [("Authorization", "Bearer sk-inside-the-tunnel")])
        let error = await TransportTestSupport.apiError { _ = try await transport.send(request) }
        #expect(error?.errorDescription
            == "network error: the proxy 127.0.0.1:\(proxy.port) refused to open a tunnel to lyra-test.invalid (status 403)")
        let connect = try #require(proxy.requests.first)
        #expect(connect.method == "CONNECT" && connect.target == "lyra-test.invalid:443")
        #expect(connect.headers["authorization"] == nil)
    }

    @Test func aProxyAskingForCredentialsIsNamed() async throws {
        let proxy = try LoopbackHTTPServer([.respond(status: 407, headers: ["Proxy-Authenticate": "Basic realm=\"x\""]),
                                            .respond(status: 407, headers: ["Proxy-Authenticate": "Basic realm=\"x\""])])
        let address = "127.0.0.1:\(proxy.port)"
        let expected = "network error: the proxy \(address) asks for credentials (407): give them in the proxy "
            + "variable as http://USER:PASSWORD@HOST:PORT"
        let tunnel = Self.transport(Self.proxyURL(proxy), variable: "all_proxy")
        let https = try #require(URL(string: "https://lyra-test.invalid/"))
        #expect(await TransportTestSupport.apiError { _ = try await tunnel.send(HTTPRequest(url: https)) }?.errorDescription == expected)
        let http = try #require(URL(string: "http://lyra-test.invalid/"))
        #expect(await TransportTestSupport.apiError { _ = try await tunnel.send(HTTPRequest(url: http)) }?.errorDescription == expected)
        #expect(proxy.requests.map(\.method) == ["CONNECT", "GET"])
    }

    @Test func aDeadProxyIsNamedNotTheOrigin() async throws {
        let port = try DripServer.closedLoopbackPort()
        let transport = Self.transport("http://127.0.0.1:\(port)", variable: "https_proxy")
        let url = try #require(URL(string: "https://lyra-test.invalid/v1/chat/completions"))
        let error = await TransportTestSupport.apiError {
            _ = try await transport.stream(HTTPRequest(method: .post, url: url, body: .bytes(Data("{}".utf8))),
                                           limits: HTTPStreamLimits())
        }
        #expect(error?.errorDescription == "network error: could not connect to the proxy 127.0.0.1:\(port)")
    }

    @Test func aLoopbackOriginNeverGoesThroughTheProxy() async throws {
        let backend = try RunningBackend()
        let proxy = try LoopbackHTTPServer([.respond(status: 500)])
        let variables = ["http_proxy", "all_proxy", "ALL_PROXY"].map { ($0, Self.proxyURL(proxy)) }
        let transport = CurlTransport(proxies: ProxyEnvironment(Dictionary(uniqueKeysWithValues: variables)))
        let templates = try await TransportTestSupport.client(backend, transport: transport).fetchTemplates()
        #expect(!templates.isEmpty)
        #expect(proxy.requests.isEmpty)
        #expect(try await backend.control.requests().count == 1)
        proxy.stop()
    }
}

/// Which proxy applies, decided as libcurl decides (pure: no network).
@Suite struct ProxyEnvironmentTests {
    private static func route(_ url: String, _ variables: [String: String]) -> String? {
        URL(string: url).flatMap { ProxyEnvironment(variables).route(for: $0)?.address }
    }

    @Test func eachSchemeHasItsVariableAndAllProxyIsTheFallback() {
        let variables = ["http_proxy": "http://h:1", "https_proxy": "http://s:2", "all_proxy": "a:3"]
        #expect(Self.route("http://example.com/", variables) == "h:1")
        #expect(Self.route("https://example.com/", variables) == "s:2")
        #expect(Self.route("https://example.com/", ["HTTPS_PROXY": "http://upper:4"]) == "upper:4")
        #expect(Self.route("https://example.com/", ["ALL_PROXY": "http://every:5"]) == "every:5")
        #expect(Self.route("http://example.com/", ["all_proxy": "every"]) == "every:1080")
        // Like libcurl: the uppercase HTTP_PROXY is ignored (a CGI request's Proxy: header can set it).
        #expect(Self.route("http://example.com/", ["HTTP_PROXY": "http://upper:4"]) == nil)
        #expect(Self.route("http://example.com/", ["http_proxy": ""]) == nil)
        #expect(Self.route("https://example.com/", ["https_proxy": "https://secure.example"]) == "secure.example:443")
        #expect(Self.route("https://example.com/", ["https_proxy": "http://user:pw@p:8"]) == "p:8")
    }

    @Test func loopbackHostsNeverUseAProxy() {
        let variables = ["http_proxy": "http://h:1", "https_proxy": "http://h:1", "all_proxy": "http://h:1"]
        for url in ["http://127.0.0.1:8080/", "http://127.9.8.7/", "http://localhost:1/", "https://LOCALHOST./",
                    "http://[::1]:11434/v1"] {
            #expect(Self.route(url, variables) == nil, "\(url)")
        }
        #expect(Self.route("http://10.0.0.1/", variables) == "h:1")
    }

    @Test func noProxyMatchesAsLibcurlDoes() {
        func route(_ url: String, _ noProxy: String, name: String = "no_proxy") -> String? {
            Self.route(url, ["http_proxy": "http://h:1", name: noProxy])
        }
        #expect(route("http://example.com/", "*") == nil)
        #expect(route("http://example.com/", "example.com") == nil)
        #expect(route("http://api.example.com/", ".example.com") == nil)
        #expect(route("http://api.example.com/", "example.com.") == nil)
        #expect(route("http://API.Example.COM/", "other.org, example.com") == nil)
        #expect(route("http://nonexample.com/", "example.com") == "h:1")
        #expect(route("http://example.com/", "other.org example.net") == "h:1")
        #expect(route("http://10.1.2.3/", "10.0.0.0/8") == nil)
        #expect(route("http://11.1.2.3/", "10.0.0.0/8") == "h:1")
        #expect(route("http://192.168.1.5/", "192.168.1.5") == nil)
        #expect(route("http://[fd00::5]/", "fd00::/8") == nil)
        #expect(route("http://example.com/", "example.com", name: "NO_PROXY") == nil)
        #expect(route("http://example.com/", "*.example.com") == "h:1")
    }
}
