// Turns an injected fault into the response (or the broken delivery) it asks for.
import Foundation

/// Builds responses for `InjectedFault`s.
enum FaultResponse {
    /// The response a fault replaces the real one with; nil for a delay-only fault (the route then answers).
    static func make(_ fault: InjectedFault, state: BackendState) -> HTTPResponse? {
        if fault.drop { return HTTPResponse(status: 500).droppingConnection() }
        if let kind = fault.errorKind, fault.body == nil {
            return OpenAIErrorResponse.make(kind, status: fault.status, message: fault.message)
        }
        guard fault.status != nil || fault.truncate || fault.chunks != nil || fault.rawBody != nil else { return nil }
        let status = fault.status ?? 200
        let body = fault.rawBody ?? fault.body.map { Array($0.utf8) }
            ?? JSONValue.object([("detail", .string("injected fault (status \(status))"))]).bytes
        var headers = fault.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
            headers.insert(("Content-Type", "application/json"), at: 0)
        }
        var response = HTTPResponse(status: status, headers: headers, body: body)
        if fault.truncate { response.delivery = .truncate }
        if let chunks = fault.chunks {
            response.body = []
            response.delivery = .chunked(ChunkSchedule(
                chunks: chunks.map { Array($0.utf8) }, intervalMilliseconds: fault.chunkIntervalMilliseconds,
                stall: fault.stall, sent: { state.recordChunkSent(index: $0, nanoseconds: $1) }))
        }
        return response
    }

    /// Reads one fault from its JSON description.
    /// - Throws: 422 naming the problem.
    static func parse(_ value: JSONValue) throws(RouteFailure) -> InjectedFault {
        guard case .object = value else { throw RouteFailure(status: 422, detail: "a fault must be a JSON object") }
        guard let path = value["path"]?.stringValue else {
            throw RouteFailure(status: 422, detail: "a fault needs a string 'path' (a path prefix, e.g. /dola/chats)")
        }
        var fault = InjectedFault(pathPrefix: path)
        fault.method = value["method"]?.stringValue
        if let status = value["status"], !status.isNull {
            guard let code = status.intValue, (100...599).contains(code) else {
                throw RouteFailure(status: 422, detail: "fault 'status' must be an integer from 100 to 599")
            }
            fault.status = code
        }
        fault.body = value["body"]?.stringValue
        if case .object(let members)? = value["headers"] {
            for (name, headerValue) in members {
                guard let text = headerValue.stringValue ?? headerValue.intValue.map(String.init),
                      isSafeHeader(name: name, value: text) else {
                    throw RouteFailure(status: 422, detail: "fault header '\(name)' is not a valid header")
                }
                fault.headers[name] = text
            }
        }
        fault.delayMilliseconds = max(0, min(value["delay_ms"]?.intValue ?? 0, 60_000))
        fault.drop = value["drop"]?.boolValue ?? false
        fault.truncate = value["truncate"]?.boolValue ?? false
        try parseTransportFields(value, into: &fault)
        fault.remaining = value["count"]?.intValue ?? 1
        guard fault.remaining >= 1 else { throw RouteFailure(status: 422, detail: "fault 'count' must be at least 1") }
        try parseChatFields(value, into: &fault)
        return fault
    }

    /// The fields for the OpenAI-compatible routes: `hold`, `openai_error`, `message` and the stream faults.
    private static func parseChatFields(_ value: JSONValue, into fault: inout InjectedFault) throws(RouteFailure) {
        fault.hold = value["hold"]?.boolValue ?? false
        fault.message = value["message"]?.stringValue
        if let name = value["openai_error"], !name.isNull {
            guard let kind = name.stringValue.flatMap(OpenAIErrorResponse.Kind.init(rawValue:)) else {
                let names = OpenAIErrorResponse.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw RouteFailure(status: 422, detail: "fault 'openai_error' must be one of: \(names)")
            }
            fault.errorKind = kind
        }
        fault.stream = try ChatStreamFault.parse(value)
    }

    /// `body_base64`, `chunks` + `chunk_interval_ms` + `stall`, and `idle_close_ms` (docs/API.md).
    private static func parseTransportFields(_ value: JSONValue, into fault: inout InjectedFault) throws(RouteFailure) {
        if let encoded = value["body_base64"]?.stringValue {
            guard let data = Data(base64Encoded: encoded) else {
                throw RouteFailure(status: 422, detail: "fault 'body_base64' is not valid base64")
            }
            fault.rawBody = Array(data)
        }
        if case .array(let items)? = value["chunks"] {
            let texts = items.compactMap(\.stringValue)
            guard texts.count == items.count, !texts.isEmpty else {
                throw RouteFailure(status: 422, detail: "fault 'chunks' must be a non-empty list of strings")
            }
            fault.chunks = texts
        }
        fault.chunkIntervalMilliseconds = max(0, min(value["chunk_interval_ms"]?.intValue ?? 0, 60_000))
        fault.stall = value["stall"]?.boolValue ?? false
        if let idle = value["idle_close_ms"]?.intValue { fault.idleCloseMilliseconds = max(0, min(idle, 60_000)) }
    }

    private static func isSafeHeader(name: String, value: String) -> Bool {
        !name.isEmpty && !name.contains(":")
            && !(name + value).unicodeScalars.contains { $0.value < 32 || $0.value == 127 }
    }
}
