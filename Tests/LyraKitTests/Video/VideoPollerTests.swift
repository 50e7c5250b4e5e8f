// VideoPoller timing with an injected clock: the number of polls, the intervals asked for, the
// timeout naming the video id, retries of transient faults (with Retry-After) and cancellation.
import Foundation
import LyraKit
import Synchronization
import Testing

@Suite struct VideoPollerTests {
    private func poller(_ backend: ScriptedVideoBackend, _ clock: FakeClock, interval: Double = 3,
                        maxPolls: Int = 40, maxFailures: Int = 5) -> VideoPoller {
        VideoPoller(backend: backend, clock: clock,
                    policy: VideoPollPolicy(interval: interval, maxPolls: maxPolls, maxConsecutiveFailures: maxFailures))
    }

    @Test func pollsEveryIntervalUntilCompleted() async throws {
        let backend = ScriptedVideoBackend(statuses: [pending(), pending("processing"), completed("https://cdn/v.mp4")])
        let clock = FakeClock()
        let events = Mutex<[VideoPollEvent]>([])
        let status = try await poller(backend, clock).waitForVideo(id: "1001") { event in events.withLock { $0.append(event) } }
        #expect(status.videoURL == "https://cdn/v.mp4")
        #expect(backend.recorded.statusPolls == 3)
        #expect(clock.sleeps == [3, 3, 3])
        #expect(events.withLock { $0 } == [
            .status(poll: 1, maxPolls: 40, status: "pending"),
            .status(poll: 2, maxPolls: 40, status: "processing"),
            .status(poll: 3, maxPolls: 40, status: "completed"),
        ])
    }

    @Test func timesOutAfterExactlyMaxPollsNamingTheVideo() async throws {
        let backend = ScriptedVideoBackend(statuses: [pending("generating")])
        let clock = FakeClock()
        let error = await #expect(throws: VideoError.self) {
            try await poller(backend, clock, interval: 0.5, maxPolls: 3).waitForVideo(id: "1001")
        }
        #expect(error == .timedOut(videoID: "1001", polls: 3))
        #expect(error?.errorDescription?.contains("video 1001") == true)
        #expect(backend.recorded.statusPolls == 3)
        #expect(clock.sleeps == [0.5, 0.5, 0.5])
    }

    @Test func failedStatusCarriesTheServersErrorCleaned() async throws {
        let failure = VideoStatusDTO(status: "FAILED", error: "GPU \u{1B}]0;pwned\u{07}on\nfire")
        let backend = ScriptedVideoBackend(statuses: [pending(), .success(failure)])
        let error = await #expect(throws: VideoError.self) {
            try await poller(backend, FakeClock()).waitForVideo(id: "7")
        }
        #expect(error == .generationFailed(videoID: "7", reason: "GPU on fire"))
        #expect(error?.errorDescription == "video 7 failed: GPU on fire")
        #expect(backend.recorded.statusPolls == 2)
    }

    @Test func completedWithoutURLIsAnError() async throws {
        let backend = ScriptedVideoBackend(statuses: [.success(VideoStatusDTO(status: "success"))])
        let error = await #expect(throws: VideoError.self) {
            try await poller(backend, FakeClock()).waitForVideo(id: "9")
        }
        #expect(error == .missingVideoURL(videoID: "9"))
    }

    @Test func transientFaultsAreRetriedWithBackoffAndCountAsPolls() async throws {
        let unavailable = Result<VideoStatusDTO, APIError>.failure(.invalidResponse(statusCode: 503, detail: nil))
        let backend = ScriptedVideoBackend(statuses: [unavailable, .failure(.networkError("connection reset")), unavailable,
                                                      completed()])
        let clock = FakeClock()
        let events = Mutex<[VideoPollEvent]>([])
        _ = try await poller(backend, clock, interval: 2).waitForVideo(id: "1") { event in events.withLock { $0.append(event) } }
        #expect(backend.recorded.statusPolls == 4)
        // The first wait, then the interval doubled per fault in a row: 2, 4, 8.
        #expect(clock.sleeps == [2, 2, 4, 8])
        #expect(events.withLock { $0 }.first == .retrying(poll: 1, maxPolls: 40, reason: "server error 503", delay: 2))
    }

    @Test func rateLimitHonoursRetryAfterWithinBounds() async throws {
        let backend = ScriptedVideoBackend(statuses: [.failure(.rateLimited(retryAfter: 7)), .failure(.rateLimited(retryAfter: 0.1)),
                                                      .failure(.rateLimited(retryAfter: 5000)), pending(), completed()])
        let clock = FakeClock()
        _ = try await poller(backend, clock, interval: 1).waitForVideo(id: "1")
        // 7 s as asked, at least one interval, at most 60 s; then the normal interval again.
        #expect(clock.sleeps == [1, 7, 1, 60, 1])
        #expect(backend.recorded.statusPolls == 5)
    }

    @Test func retriesNeverExceedMaxPolls() async throws {
        let backend = ScriptedVideoBackend(statuses: [pending(), .failure(.invalidResponse(statusCode: 502, detail: "bad gateway"))])
        let error = await #expect(throws: VideoError.self) {
            try await poller(backend, FakeClock(), interval: 1, maxPolls: 3).waitForVideo(id: "55")
        }
        #expect(error == .pollingFailed(videoID: "55", reason: "server error 502: bad gateway"))
        #expect(backend.recorded.statusPolls == 3)
    }

    @Test func tooManyFaultsInARowGiveUp() async throws {
        let backend = ScriptedVideoBackend(statuses: [.failure(.invalidResponse(statusCode: 504, detail: nil))])
        let error = await #expect(throws: VideoError.self) {
            try await poller(backend, FakeClock(), interval: 1, maxFailures: 2).waitForVideo(id: "3")
        }
        #expect(error == .pollingFailed(videoID: "3", reason: "server error 504"))
        #expect(backend.recorded.statusPolls == 2)
    }

    @Test func otherErrorsAreNotRetried() async throws {
        for failure in [APIError.unauthorized, .invalidResponse(statusCode: 404, detail: "video 3 not found"), .decodingError("x")] {
            let backend = ScriptedVideoBackend(statuses: [.failure(failure)])
            let error = await #expect(throws: APIError.self) {
                try await poller(backend, FakeClock()).waitForVideo(id: "3")
            }
            #expect(error == failure)
            #expect(backend.recorded.statusPolls == 1)
        }
    }

    @Test func cancellationStopsPollingAtTheNextSleep() async throws {
        let backend = ScriptedVideoBackend(statuses: [pending()], onPoll: { poll in
            if poll == 2 { withUnsafeCurrentTask { $0?.cancel() } }
        })
        let clock = FakeClock()
        let subject = poller(backend, clock)
        let polling = Task { try await subject.waitForVideo(id: "1") }
        let result = await polling.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(backend.recorded.statusPolls == 2)
        #expect(clock.sleeps.count == 3)
    }

    @Test func policyClampsOddSettings() {
        let policy = VideoPollPolicy(interval: -1, maxPolls: 0)
        #expect(policy.interval == 0)
        #expect(policy.maxPolls == 1)
        #expect(VideoPollPolicy(interval: 3).retryDelay(afterFailures: 5, retryAfter: nil) == 48)
        #expect(VideoPollPolicy(interval: 3).retryDelay(afterFailures: 6, retryAfter: nil) == 60)
    }
}
