// Serves one accepted connection: reads requests (keep-alive), hands each to the router,
// and writes each response with a single send. Runs on its own thread, never on the Swift pool.

#if canImport(Glibc)
import Glibc
#endif

/// The request/response loop of one client connection.
struct HTTPConnection {
    /// What reading the next request produced.
    private enum ReadOutcome {
        case request(HTTPRequest)
        case closed
        case failed(HTTPParseError)
    }

    let fd: Int32
    /// The connection's number, stamped on each request it carries.
    let number: Int
    let maxHeaderBytes: Int
    let maxBodyBytes: Int
    /// How long a request head may take: from `acceptedAt` for the first request, from its first
    /// byte for the later ones.
    let headDeadline: Duration
    let acceptedAt: ContinuousClock.Instant
    /// What all connections' request bodies may hold together.
    let budget: RequestBudget
    let handle: @Sendable (HTTPRequest) -> HTTPResponse
    /// Called when the connection is closed for being idle (an `idle_close_ms` fault).
    var closedIdle: @Sendable () -> Void = {}

    /// Serves requests until the client closes, asks to close, or an error ends the connection.
    func run() {
        var buffer: [UInt8] = []
        var held = HeldRequestBytes(budget: budget)
        defer { held.release() }
        var headStartsAt: ContinuousClock.Instant? = acceptedAt
        while true {
            switch readRequest(&buffer, held: &held, since: headStartsAt) {
            case .closed:
                return
            case .failed(let error):
                var response = HTTPResponse.detail(error.detail, status: error.status)
                response.closesConnection = true
                if error == .serverFull { response.headers.append(("Retry-After", "1")) }
                SocketIO.sendAll(fd, response.serialized(keepAlive: false))
                SocketIO.lingeringClose(fd)
                return
            case .request(let request):
                let response = handle(request)
                let chunked = request.version != "HTTP/1.0"
                guard deliver(response, keepAlive: request.wantsKeepAlive, chunked: chunked) else { return }
            }
            held.release()
            // A pipelined request already under way is timed from now, an awaited one from its first byte.
            headStartsAt = buffer.isEmpty ? nil : .now
        }
    }

    /// Writes `response`; returns whether the connection stays open. A streamed body goes out chunked,
    /// or (for an HTTP/1.0 client, which knows no chunks) raw and delimited by closing the connection.
    private func deliver(_ response: HTTPResponse, keepAlive: Bool, chunked: Bool) -> Bool {
        switch response.delivery {
        case .drop:
            return false
        case .truncate:
            SocketIO.sendAll(fd, response.serialized(keepAlive: false))
            return false
        case .chunked(let schedule):
            guard SocketIO.sendAll(fd, response.serialized(keepAlive: keepAlive)) else { return false }
            return schedule.write(to: fd) && keepAlive && nextRequestArrives(within: response.idleCloseMilliseconds)
        case .normal:
            let keep = keepAlive && !response.closesConnection
            if let stream = response.stream { return deliver(stream, keepAlive: keep && chunked, chunked: chunked, response) }
            guard SocketIO.sendAll(fd, response.serialized(keepAlive: keep)) else { return false }
            if !keep { SocketIO.lingeringClose(fd) }
            return keep && nextRequestArrives(within: response.idleCloseMilliseconds)
        }
    }

    /// Writes a streamed body, one `send` per piece; returns whether the connection stays open.
    private func deliver(_ stream: StreamedBody, keepAlive: Bool, chunked: Bool, _ response: HTTPResponse) -> Bool {
        guard SocketIO.sendAll(fd, response.streamHead(keepAlive: keepAlive, chunked: chunked)) else { return false }
        // An empty chunk would end the body early, so empty pieces are skipped.
        let ending = stream.produce { piece in
            piece.isEmpty || SocketIO.sendAll(fd, chunked ? StreamedBody.frame(piece) : piece)
        }
        guard ending == .complete, !chunked || SocketIO.sendAll(fd, StreamedBody.terminator) else { return false }
        if !keepAlive { SocketIO.lingeringClose(fd) }
        return keepAlive
    }

    /// True when bytes of a next request arrive within `milliseconds` (always true without a limit);
    /// false closes the kept-alive connection silently, as servers with an idle timeout do.
    private func nextRequestArrives(within milliseconds: Int?) -> Bool {
        guard let milliseconds else { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(milliseconds)) > 0 else {
            closedIdle()
            return false
        }
        return true
    }

    // MARK: - Reading

    /// Reads the next request and removes it from `buffer`. The head must be complete by
    /// `headStart + headDeadline`; with no `headStart` (a kept-alive connection) the wait for the
    /// first byte is the idle timeout and the head deadline counts from that byte.
    private func readRequest(
        _ buffer: inout [UInt8], held: inout HeldRequestBytes, since headStart: ContinuousClock.Instant?
    ) -> ReadOutcome {
        if headStart == nil, buffer.isEmpty, SocketIO.receive(fd, into: &buffer) == 0 { return .closed }
        let deadline = (headStart ?? .now) + headDeadline
        var searchFrom = 0
        var headEnd = HTTPHeadParser.headEnd(in: buffer, from: 0)
        while headEnd == nil {
            if buffer.count > maxHeaderBytes { return .failed(.headerTooLarge) }
            searchFrom = max(0, buffer.count - 3)
            // A slow head (slowloris) is cut at the deadline, whatever the per-recv timeout.
            guard SocketIO.waitReadable(fd, until: deadline) else { return buffer.isEmpty ? .closed : .failed(.headTimeout) }
            guard SocketIO.receive(fd, into: &buffer) > 0 else { return .closed }
            // A TLS handshake (record type 0x16) on this plain-HTTP port: answer at once, as real
            // servers do, instead of waiting for a header end that never comes.
            if buffer.first == 0x16 { return .failed(.malformedRequestLine) }
            headEnd = HTTPHeadParser.headEnd(in: buffer, from: searchFrom)
        }
        guard let end = headEnd else { return .closed }
        if end > maxHeaderBytes + 4 { return .failed(.headerTooLarge) }
        do {
            let head = try HTTPHeadParser.parse(buffer[0..<end])
            guard let body = try readBody(head: head, bodyStart: end, buffer: &buffer, held: &held) else { return .closed }
            let (path, query) = HTTPRequest.splitTarget(head.target)
            let request = HTTPRequest(
                method: head.method, target: head.target, path: path, query: query,
                version: head.version, headers: head.headers, body: body, connection: number)
            return .request(request)
        } catch {
            return .failed(error)
        }
    }

    /// Reads the body the head announces and removes head and body from `buffer`; nil when the peer
    /// closed mid-body. Its bytes are counted in `held` before they are received.
    private func readBody(
        head: HTTPRequestHead, bodyStart: Int, buffer: inout [UInt8], held: inout HeldRequestBytes
    ) throws(HTTPParseError) -> [UInt8]? {
        switch try head.framing() {
        case .none:
            buffer = Array(buffer[bodyStart...])
            return []
        case .contentLength(let length):
            guard length <= maxBodyBytes else { throw .bodyTooLarge }
            guard held.cover(length) else { throw .serverFull }
            let end = bodyStart + length
            buffer.reserveCapacity(end)
            if buffer.count < end { sendContinueIfExpected(head) }
            while buffer.count < end {
                guard SocketIO.receive(fd, into: &buffer) > 0 else { return nil }
            }
            return Self.cut(&buffer, bodyStart..<end)
        case .chunked:
            var decoder = ChunkedBodyDecoder(start: bodyStart, maxBodyBytes: maxBodyBytes)
            sendContinueIfExpected(head)
            while true {
                // The raw chunks and the decoded body are both held until the body is complete.
                guard held.cover(buffer.count - bodyStart + decoder.body.count) else { throw .serverFull }
                if let end = try decoder.advance(over: buffer) {
                    buffer = Array(buffer[end...])
                    return decoder.body
                }
                guard SocketIO.receive(fd, into: &buffer) > 0 else { return nil }
            }
        }
    }

    /// Takes `range` out of `buffer` as an array of its own and leaves in `buffer` only what follows
    /// it. The bytes are moved within the buffer's storage rather than copied, so a large body is
    /// never held twice.
    static func cut(_ buffer: inout [UInt8], _ range: Range<Int>) -> [UInt8] {
        var body = buffer
        buffer = Array(body[range.upperBound...])
        body.removeSubrange(range.upperBound...)
        body.removeSubrange(..<range.lowerBound)
        return body
    }

    private func sendContinueIfExpected(_ head: HTTPRequestHead) {
        guard head.header("expect")?.lowercased() == "100-continue" else { return }
        SocketIO.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }
}
