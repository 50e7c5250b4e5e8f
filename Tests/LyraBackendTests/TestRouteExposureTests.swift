// `lyra serve --host 0.0.0.0` must not expose /_test/* (recorded requests carry clients'
// Authorization headers) unless asked; on loopback the routes stay for the test harness.
import Foundation
import Testing
@testable import LyraBackend

@Suite struct TestRouteExposureTests {
    @Test func testRoutesAnswerOnLoopbackOnlyUnlessAskedFor() async throws {
        #expect(LocalBackendOptions(host: "127.0.0.1").exposesTestRoutes)
        #expect(LocalBackendOptions(host: "::1").exposesTestRoutes)
        #expect(!LocalBackendOptions(host: "0.0.0.0").exposesTestRoutes)
        var asked = LocalBackendOptions(host: "0.0.0.0")
        asked.testRoutes = true
        #expect(asked.exposesTestRoutes)
    }

    @Test func aServerOnAllInterfacesAnswers404UnderTest() async throws {
        let server = try RunningBackend(LocalBackendOptions(host: "0.0.0.0"))
        defer { server.stop() }
        let hidden = try await server.send("GET", "/_test/requests", appQuery: false)
        #expect(hidden.status == 404)
        let loopback = try RunningBackend()
        defer { loopback.stop() }
        let shown = try await loopback.send("GET", "/_test/requests", appQuery: false)
        #expect(shown.status == 200)
    }
}
