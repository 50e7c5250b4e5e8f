// The body side of a transfer on the driver thread: where received bytes go (memory, file or
// stream) under each mode's bound, and the stream's first-byte and idle limits.
import Foundation

extension CurlTransfer {
    /// What to do with received bytes once the lock is released.
    enum Delivery {
        case none
        case progress(Int64, Int64?)
        case chunk([UInt8])
    }

    /// Stores or routes `bytes` per the mode. Returns false to abort the transfer.
    func take(_ bytes: UnsafeRawBufferPointer, into state: inout CurlTransferState, delivery: inout Delivery) -> Bool {
        let success = (200 ..< 300).contains(state.statusCode)
        switch mode {
        case let .collect(limit):
            guard state.body.count + bytes.count <= limit else {
                state.failure = APIError.decodingError("the response is larger than \(limit >> 20) MiB")
                state.body = Data()
                return false
            }
            state.body.append(bytes.assumingMemoryBound(to: UInt8.self))
        case let .download(_, _, limit, _):
            guard success else { return keepErrorBody(bytes, &state) }
            guard state.received + Int64(bytes.count) <= limit else {
                state.failure = oversizeDownload(limit)
                return false
            }
            do {
                try state.file?.append(bytes)
            } catch {
                state.failure = error
                return false
            }
            state.received += Int64(bytes.count)
            delivery = .progress(state.received, expectedLength(state))
        case .stream:
            if !success, state.received + Int64(bytes.count) > CurlTransferMode.errorBodyLimit {
                state.errorBodyTruncated = true
                return false
            }
            state.received += Int64(bytes.count)
            delivery = .chunk(Array(bytes))
        }
        return true
    }

    /// The stream limit that has passed at `now`, as the error to end the transfer with.
    func passedLimit(at now: ContinuousClock.Instant) -> APIError? {
        guard case let .stream(limits, _) = mode else { return nil }
        return state.withLock { state -> APIError? in
            guard !state.finished else { return nil }
            if !state.headComplete, now - state.started >= .seconds(limits.firstByte) {
                state.failure = APIError.networkError("no reply from \(hostName) within \(Self.seconds(limits.firstByte))")
            } else if state.headComplete, now - state.lastActivity >= .seconds(limits.idle) {
                state.failure = APIError.networkError("the stream from \(hostName) stalled for \(Self.seconds(limits.idle))")
            } else {
                return nil
            }
            return state.failure as? APIError
        }
    }

    /// When the next stream limit passes (nil for other modes).
    var nextLimit: ContinuousClock.Instant? {
        guard case let .stream(limits, _) = mode else { return nil }
        return state.withLock { state in
            state.headComplete ? state.lastActivity + .seconds(limits.idle) : state.started + .seconds(limits.firstByte)
        }
    }

    /// The error for a download over `limit` bytes.
    func oversizeDownload(_ limit: Int64) -> APIError {
        let size = limit >= 1 << 30 ? "\(limit >> 30) GiB" : limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return .networkError("the download from \(hostName) is larger than \(size)")
    }

    /// `12 s`, or `0.5 s` for fractions.
    static func seconds(_ value: TimeInterval) -> String {
        value.rounded() == value ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    private func keepErrorBody(_ bytes: UnsafeRawBufferPointer, _ state: inout CurlTransferState) -> Bool {
        guard state.body.count + bytes.count <= CurlTransferMode.errorBodyLimit else {
            state.errorBodyTruncated = true
            return false
        }
        state.body.append(bytes.assumingMemoryBound(to: UInt8.self))
        return true
    }

    private func expectedLength(_ state: CurlTransferState) -> Int64? {
        guard !state.headers.contains(where: { $0.name.lowercased() == "content-encoding" }),
              let text = state.headers.last(where: { $0.name.lowercased() == "content-length" })?.value else {
            return nil
        }
        return Int64(text)
    }
}
