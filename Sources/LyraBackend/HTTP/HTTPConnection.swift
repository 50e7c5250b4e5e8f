// Serves one accepted connection: reads requests (keep-alive), hands each to the router,
// and writes each response with a single send. Runs on its own thread, never on the Swift pool.

#if canImport(Glibc)
import Glibc
#endif

/// The request/response loop of one client connection.
struct HTTPConnection {
    /// What reading the next request produced.
    private enum ReadOutcome {
        case request(HTTPRequest, consumed: Int)
        case closed
        case failed(HTTPParseError)
    }

    let fd: Int32
    let maxHeaderBytes: Int
    let maxBodyBytes: Int
    let handle: @Sendable (HTTPRequest) -> HTTPResponse
    /// Called when the connection is closed for being idle (an `idle_close_ms` fault).
    var closedIdle: @Sendable () -> Void = {}

    /// Serves requests until the client closes, asks to close, or an error ends the connection.
    func run() {
        var buffer: [UInt8] = []
        while true {
            switch readRequest(&buffer) {
            case .closed:
                return
            case .failed(let error):
                var response = HTTPResponse.detail(error.detail, status: error.status)
                response.closesConnection = true
                SocketIO.sendAll(fd, response.serialized(keepAlive: false))
                SocketIO.lingeringClose(fd)
                return
            case .request(let request, let consumed):
                let response = handle(request)
                let chunked = request.version != "HTTP/1.0"
                guard deliver(response, keepAlive: request.wantsKeepAlive, chunked: chunked) else { return }
                buffer.removeFirst(consumed)
            }
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

    private func readRequest(_ buffer: inout [UInt8]) -> ReadOutcome {
        var searchFrom = 0
        var headEnd = HTTPHeadParser.headEnd(in: buffer, from: 0)
        while headEnd == nil {
            if buffer.count > maxHeaderBytes { return .failed(.headerTooLarge) }
            searchFrom = max(0, buffer.count - 3)
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
            let (body, consumed) = try readBody(head: head, bodyStart: end, buffer: &buffer)
            guard let body else { return .closed }
            let (path, query) = HTTPRequest.splitTarget(head.target)
            let request = HTTPRequest(
                method: head.method, target: head.target, path: path, query: query,
                version: head.version, headers: head.headers, body: body)
            return .request(request, consumed: consumed)
        } catch {
            return .failed(error)
        }
    }

    /// Reads the body the head announces; a nil body means the peer closed mid-body.
    private func readBody(
        head: HTTPRequestHead, bodyStart: Int, buffer: inout [UInt8]
    ) throws(HTTPParseError) -> ([UInt8]?, Int) {
        switch try head.framing() {
        case .none:
            return ([], bodyStart)
        case .contentLength(let length):
            guard length <= maxBodyBytes else { throw .bodyTooLarge }
            let end = bodyStart + length
            if buffer.count < end { sendContinueIfExpected(head) }
            while buffer.count < end {
                guard SocketIO.receive(fd, into: &buffer) > 0 else { return (nil, 0) }
            }
            return (Array(buffer[bodyStart..<end]), end)
        case .chunked:
            var decoder = ChunkedBodyDecoder(start: bodyStart, maxBodyBytes: maxBodyBytes)
            sendContinueIfExpected(head)
            while true {
                if let end = try decoder.advance(over: buffer) { return (decoder.body, end) }
                guard SocketIO.receive(fd, into: &buffer) > 0 else { return (nil, 0) }
            }
        }
    }

    private func sendContinueIfExpected(_ head: HTTPRequestHead) {
        guard head.header("expect")?.lowercased() == "100-continue" else { return }
        SocketIO.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }
}
