// The test control routes under /_test/ (no auth): queue faults, read recorded requests, count
// accepted connections, read chunk send times, change the run-time configuration, reset. Documented in docs/API.md.

/// Handlers of `/_test/faults`, `/_test/requests`, `/_test/connections`, `/_test/chunks`, `/_test/config`,
/// `/_test/release`, `/_test/held` and `/_test/reset`.
enum TestControlRoutes {
    /// Answers one control request.
    static func handle(_ request: HTTPRequest, state: BackendState) -> HTTPResponse {
        do {
            switch (request.method, request.path) {
            case ("POST", "/_test/faults"): return try queueFaults(request, state: state)
            case ("GET", "/_test/requests"): return .json(.array(state.recordedRequests))
            case ("GET", "/_test/connections"):
                return .json(.object([("accepted", .int(state.acceptedConnections)), ("idle_closed", .int(state.idleCloses))]))
            case ("GET", "/_test/chunks"):
                return .json(.object([("sent_ns", .array(state.chunkSendTimes.map { .string(String($0)) }))]))
            case ("POST", "/_test/config"): return try updateConfig(request, state: state)
            case ("GET", "/_test/config"): return .json(describe(state.config))
            case ("POST", "/_test/release"):
                return .json(.object([("released", .int(state.releaseGate.releaseAll()))]))
            case ("GET", "/_test/held"):
                return .json(.object([("held", .int(state.releaseGate.heldCount))]))
            case ("POST", "/_test/reset"):
                state.reset()
                return .json(.object([("ok", .bool(true))]))
            default: return .detail("Not Found", status: 404)
            }
        } catch {
            return error.response
        }
    }

    private static func parseBody(_ request: HTTPRequest) throws(RouteFailure) -> JSONValue {
        guard let value = try? JSONValue.parse(request.body) else {
            throw RouteFailure(status: 422, detail: "request body is not valid JSON")
        }
        return value
    }

    private static func queueFaults(_ request: HTTPRequest, state: BackendState) throws(RouteFailure) -> HTTPResponse {
        let body = try parseBody(request)
        let items: [JSONValue]
        if case .array(let list) = body { items = list } else { items = [body] }
        var faults: [InjectedFault] = []
        for item in items { faults.append(try FaultResponse.parse(item)) }
        state.enqueue(faults)
        return .json(.object([("queued", .int(faults.count))]))
    }

    private static func updateConfig(_ request: HTTPRequest, state: BackendState) throws(RouteFailure) -> HTTPResponse {
        let body = try parseBody(request)
        guard case .object = body else { throw RouteFailure(status: 422, detail: "config must be a JSON object") }
        if let polls = body["video_polls_to_complete"], !polls.isNull, (polls.intValue ?? -1) < 0 {
            throw RouteFailure(status: 422, detail: "'video_polls_to_complete' must be a non-negative integer")
        }
        if let delay = body["chat_delay_ms"], !delay.isNull, !(0...60_000).contains(delay.intValue ?? -1) {
            throw RouteFailure(status: 422, detail: "'chat_delay_ms' must be an integer from 0 to 60000")
        }
        if let form = body["think_form"], !DemoThinkingReply.forms.contains(form.stringValue ?? "") {
            throw RouteFailure(status: 422, detail: "'think_form' must be one of \(DemoThinkingReply.forms.joined(separator: ", "))")
        }
        if let words = body["demo_reply_words"], !(0...DemoChatReply.maxWords).contains(words.intValue ?? -1) {
            throw RouteFailure(status: 422, detail: "'demo_reply_words' must be an integer from 0 to \(DemoChatReply.maxWords)")
        }
        try ContextWindowRoutes.validate(body)
        let config = state.updateConfig { config in
            if let polls = body["video_polls_to_complete"] { config.videoPollsToComplete = polls.intValue }
            if let flag = body["relative_video_url"]?.boolValue { config.relativeVideoURL = flag }
            if let flag = body["templates_bare_array"]?.boolValue { config.templatesBareArray = flag }
            if let delay = body["chat_delay_ms"]?.intValue { config.chatDelayMilliseconds = delay }
            if let words = body["demo_reply_words"]?.intValue { config.demoReplyWords = words }
            if let form = body["think_form"]?.stringValue { config.thinkForm = form }
            ContextWindowRoutes.apply(body, to: &config)
        }
        return .json(describe(config))
    }

    private static func describe(_ config: BackendConfig) -> JSONValue {
        .object([
            ("video_polls_to_complete", config.videoPollsToComplete.map(JSONValue.int) ?? .null),
            ("relative_video_url", .bool(config.relativeVideoURL)),
            ("templates_bare_array", .bool(config.templatesBareArray)),
            ("chat_delay_ms", .int(config.chatDelayMilliseconds)),
            ("demo_reply_words", .int(config.demoReplyWords)),
            ("think_form", .string(config.thinkForm)),
        ] + ContextWindowRoutes.describe(config))
    }
}
