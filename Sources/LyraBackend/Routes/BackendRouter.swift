// Dispatches requests: test control routes first (only when enabled), then recording, injected
// faults, authentication and the route table of SPEC §4–§5.

import Foundation

/// Maps a request to its handler and applies the cross-cutting rules.
final class BackendRouter: Sendable {
    /// Who may call a route.
    enum Access: Sendable { case app, apphud, open, openAI }

    struct Route: Sendable {
        let method: String
        /// Path segments; `{}` matches any one segment.
        let pattern: [String]
        let access: Access
        let handler: @Sendable (RouteContext) throws(RouteFailure) -> HTTPResponse

        /// The handler's answer, a thrown failure answered as `{"detail": …}`.
        func answer(_ context: RouteContext) -> HTTPResponse {
            do { return try handler(context) } catch { return error.response }
        }
    }

    private let options: LocalBackendOptions
    private let state: BackendState
    private let stopSignal: StopSignal
    private let baseURL: String
    private let routes: [Route]

    init(options: LocalBackendOptions, state: BackendState, stopSignal: StopSignal, baseURL: String) {
        self.options = options
        self.state = state
        self.stopSignal = stopSignal
        self.baseURL = baseURL
        self.routes = ChatRoute.routes + WritingRoute.routes + VideoRoutes.routes + ApphudRoutes.routes
            + OpenAIRoutes.routes + ContextWindowRoutes.routes
    }

    /// Counts an accepted connection (reported by `GET /_test/connections`); returns its number.
    func connectionAccepted() -> Int {
        state.countAcceptedConnection()
    }

    /// Counts a kept-alive connection closed for being idle.
    func connectionClosedIdle() {
        state.countIdleClose()
    }

    /// The largest body of a request that is not a multipart upload.
    static let maximumJSONBodyBytes = 16 << 20

    /// Answers one request; never throws, never crashes on bad input.
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.path == "/_test" || request.path.hasPrefix("/_test/") {
            guard options.testRoutes else { return .detail("Not Found", status: 404) }
            return TestControlRoutes.handle(request, state: state)
        }
        // Only `GET /_test/requests` reads the records: without it nothing is kept at all.
        if options.testRoutes {
            state.record(RequestRecord.describe(request, maxBodyBytes: options.maxRecordedBodyBytes))
        }
        // A JSON request is at most 16 MiB (SPEC §10, as the client's own bound): a larger one is
        // refused before it is parsed, so a burst of them holds no more than their buffered bytes.
        let multipart = request.header("content-type")?.lowercased().hasPrefix("multipart/") ?? false
        if !multipart, request.body.count > Self.maximumJSONBodyBytes {
            return .detail("a JSON request body is at most \(Self.maximumJSONBodyBytes >> 20) MiB", status: 413)
        }
        var idleClose: Int?
        let fault = state.takeFault(method: request.method, path: request.path)
        if let fault {
            if fault.delayMilliseconds > 0, stopSignal.wait(milliseconds: fault.delayMilliseconds) {
                return HTTPResponse(status: 503).droppingConnection()
            }
            if fault.hold, state.releaseGate.wait(milliseconds: 60_000, stop: stopSignal) {
                return HTTPResponse(status: 503).droppingConnection()
            }
            if var response = FaultResponse.make(fault, state: state) {
                response.idleCloseMilliseconds = fault.idleCloseMilliseconds
                return response
            }
            idleClose = fault.idleCloseMilliseconds
        }
        var response = route(request, fault: fault)
        response.idleCloseMilliseconds = idleClose
        return response
    }

    private func route(_ request: HTTPRequest, fault: InjectedFault?) -> HTTPResponse {
        let rawPath = request.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let segments = rawPath.split(separator: "/", omittingEmptySubsequences: true)
            .map { PercentDecoding.decode(String($0), plusIsSpace: false) }
        let candidates = routes.compactMap { route in match(route.pattern, segments).map { (route, $0) } }
        guard !candidates.isEmpty else { return .detail("Not Found", status: 404) }
        guard let (route, parameters) = candidates.first(where: { $0.0.method == request.method }) else {
            var response = HTTPResponse.detail("Method Not Allowed", status: 405)
            response.headers.append(("Allow", candidates.map(\.0.method).joined(separator: ", ")))
            return response
        }
        let context = RouteContext(
            request: request, parameters: parameters, state: state, options: options,
            stopSignal: stopSignal, publicBaseURL: publicBaseURL(for: request), fault: fault)
        if route.access == .openAI { return OpenAIRoutes.authorized(context) ?? route.answer(context) }
        do {
            try authorize(route.access, context)
            return try route.handler(context)
        } catch {
            return error.response
        }
    }

    private func authorize(_ access: Access, _ context: RouteContext) throws(RouteFailure) {
        guard access == .app else { return }
        if let token = options.requiredToken, context.request.header("authorization") != "Bearer \(token)" {
            throw RouteFailure(status: 401, detail: "Not authenticated: missing or invalid bearer token")
        }
        _ = try context.requiredQuery("user_id")
        _ = try context.requiredQuery("app_id")
    }

    private func match(_ pattern: [String], _ segments: [String]) -> [String]? {
        guard pattern.count == segments.count else { return nil }
        var parameters: [String] = []
        for (expected, actual) in zip(pattern, segments) {
            if expected == "{}" { parameters.append(actual) } else if expected != actual { return nil }
        }
        return parameters
    }

    /// The base URL from the request's Host header when it is a plain host[:port], else the bound one.
    private func publicBaseURL(for request: HTTPRequest) -> String {
        guard let host = request.header("host"), !host.isEmpty, host.count < 256,
              host.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic && $0.isASCII
                  || ("0"..."9").contains($0) || ".-:[]".unicodeScalars.contains($0) })
        else { return baseURL }
        return "http://\(host)"
    }
}

extension HTTPResponse {
    /// The same response, delivered by closing the connection without answering.
    func droppingConnection() -> HTTPResponse {
        var response = self
        response.delivery = .drop
        return response
    }
}
