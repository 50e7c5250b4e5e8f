// The driver thread's loop over the multi handle: apply queued commands, let libcurl work,
// finish completed transfers, pace streamed replies, enforce stream limits, then sleep in
// curl_multi_poll until the next socket event, wake-up or deadline.
import CCurl
import Foundation

/// State owned by the driver thread alone: the running transfers and their easy handles.
struct CurlMultiLoop {
    /// One running transfer and the C resources that belong to it.
    private struct Running {
        let transfer: CurlTransfer
        let easy: UnsafeMutableRawPointer
        let resources: CurlEasyResources
        /// A paced stream's next read (nil: reading as bytes come), and its bytes seen so far.
        var resumeReading: ContinuousClock.Instant?
        var received: Int64 = 0
    }

    /// A streamed reply is read as it comes until it has brought `unpacedBytes` (the first words show
    /// at once), then at most once a `frame`: between two reads libcurl leaves the socket alone
    /// (`CURLPAUSE_RECV`), the kernel gathers the tokens, and one read takes them all. A fast model
    /// then costs one wake-up of this thread and of the reply's reader a frame instead of one a token
    /// (issue 34); the screen is not updated more often than that anyway (`ReplyStreamPump`).
    static let frame = Duration.milliseconds(16)
    static let unpacedBytes: Int64 = 2048

    private let multi: CurlMultiHandle
    /// A few at a time: an array, not a dictionary (whose first use costs a one-time protocol
    /// conformance scan of the whole binary on a one-shot's way to its first request).
    private var running: [Running] = []

    /// A loop over `multi`.
    init(multi: CurlMultiHandle) {
        self.multi = multi
    }

    /// Runs forever, taking new commands from `nextCommands` on each wake-up.
    mutating func run(nextCommands: () -> [CurlMulti.Command]) -> Never {
        while true {
            for command in nextCommands() { apply(command) }
            var stillRunning: Int32 = 0
            _ = ccurl_multi_perform(multi.pointer, &stillRunning)
            collectFinished()
            pace()   // after the finished are gone: a transfer that just ended is not paused
            enforceLimits()
            _ = ccurl_multi_poll(multi.pointer, pollTimeout())
        }
    }

    private mutating func apply(_ command: CurlMulti.Command) {
        switch command {
        case let .add(transfer):
            guard !transfer.isCancelled else { return transfer.finish(code: CURLE_ABORTED_BY_CALLBACK, detail: "") }
            switch CurlEasyResources.make(for: transfer) {
            case let .failure(error):
                transfer.state.withLock { $0.failure = error }
                transfer.finish(code: CURLE_FAILED_INIT, detail: "")
            case let .success((easy, resources)):
                guard ccurl_multi_add(multi.pointer, easy) == CURLM_OK else {
                    resources.release(easy)
                    return transfer.finish(code: CURLE_FAILED_INIT, detail: "libcurl refused the transfer")
                }
                running.append(Running(transfer: transfer, easy: easy, resources: resources))
            }
        case let .cancel(transfer):
            guard let entry = running.first(where: { $0.transfer === transfer }) else { return }
            end(entry.easy, code: CURLE_ABORTED_BY_CALLBACK)
        }
    }

    private mutating func collectFinished() {
        var easy: UnsafeMutableRawPointer?
        var code = CURLE_OK
        while ccurl_multi_next_done(multi.pointer, &easy, &code) == 1 {
            if let easy { end(easy, code: code) }
        }
    }

    private mutating func enforceLimits() {
        let now = ContinuousClock.now
        for entry in running where entry.transfer.passedLimit(at: now) != nil {
            end(entry.easy, code: CURLE_OPERATION_TIMEDOUT)
        }
    }

    /// Pauses reading a stream that brought bytes (past its first `unpacedBytes`) until a frame has
    /// passed, and resumes the ones whose frame is over (libcurl reads them on its next pass).
    private mutating func pace() {
        let now = ContinuousClock.now
        for index in running.indices where running[index].transfer.mode.isStream {
            if let resume = running[index].resumeReading {
                guard resume <= now else { continue }
                running[index].resumeReading = nil
                _ = ccurl_easy_pause(running[index].easy, CURLPAUSE_CONT)
            } else {
                let received = running[index].transfer.state.withLock { $0.received }
                defer { running[index].received = received }
                guard received > running[index].received, received > Self.unpacedBytes else { continue }
                running[index].resumeReading = now + Self.frame
                _ = ccurl_easy_pause(running[index].easy, CURLPAUSE_RECV)
            }
        }
    }

    /// Milliseconds until the earliest stream limit or paced read (a minute when there is none;
    /// libcurl shortens the wait for its own timers).
    private func pollTimeout() -> Int32 {
        let now = ContinuousClock.now
        let deadlines = running.compactMap { $0.transfer.nextLimit } + running.compactMap(\.resumeReading)
        guard let earliest = deadlines.min() else { return 60_000 }
        let wait = earliest - now
        let milliseconds = wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(1, min(milliseconds + 1, 60_000)))
    }

    private mutating func end(_ easy: UnsafeMutableRawPointer, code: CURLcode) {
        guard let index = running.firstIndex(where: { $0.easy == easy }) else { return }
        let entry = running.remove(at: index)
        _ = ccurl_multi_remove(multi.pointer, entry.easy)
        var failure = CurlFailure(code: code, detail: entry.resources.errorText)
        if entry.transfer.proxy != nil {
            failure.connectCode = max(0, ccurl_info_long(entry.easy, CURLINFO_HTTP_CONNECTCODE))
        }
        entry.resources.release(entry.easy)
        entry.transfer.finish(failure)
    }
}
