// What a route handler gets: the request, its path parameters and the backend's state,
// plus the typed failure a handler throws to answer `{"detail": ...}`.

/// A handler's refusal: answered as `{"detail": detail}` with `status`.
struct RouteFailure: Error, Equatable {
    let status: Int
    let detail: String

    var response: HTTPResponse { .detail(detail, status: status) }
}

/// Everything one route handler may use.
struct RouteContext: Sendable {
    let request: HTTPRequest
    /// The values of the `{}` segments of the matched pattern, in order.
    let parameters: [String]
    let state: BackendState
    let options: LocalBackendOptions
    let stopSignal: StopSignal
    /// The base URL clients reached us by, e.g. `http://127.0.0.1:54321` (no trailing slash).
    let publicBaseURL: String
    /// The injected fault this request consumed that did not replace the answer (e.g. stream faults).
    var fault: InjectedFault? = nil

    /// The body parsed as a JSON object.
    /// - Throws: 422 when the body is missing or is not a JSON object.
    func jsonObjectBody() throws(RouteFailure) -> JSONValue {
        guard !request.body.isEmpty else { throw RouteFailure(status: 422, detail: "request body must be a JSON object") }
        guard let value = try? JSONValue.parse(request.body), case .object = value else {
            throw RouteFailure(status: 422, detail: "request body is not a valid JSON object")
        }
        return value
    }

    /// A required query parameter.
    /// - Throws: 400 naming the parameter when it is missing or empty.
    func requiredQuery(_ name: String) throws(RouteFailure) -> String {
        guard let value = request.queryValue(name), !value.isEmpty else {
            throw RouteFailure(status: 400, detail: "missing query parameter '\(name)'")
        }
        return value
    }
}
