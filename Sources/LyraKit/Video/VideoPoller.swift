// Polls a video's status until it is done, failed, or out of polls (SPEC §4), sleeping on the
// injected `LyraClock` so tests never wait. Only these GETs are retried on transient faults.
import Foundation

/// What the poller reports while it waits.
public enum VideoPollEvent: Sendable, Equatable {
    /// Poll `poll` of `maxPolls` answered this (raw) status.
    case status(poll: Int, maxPolls: Int, status: String)
    /// Poll `poll` hit a transient fault; the next poll comes after `delay` seconds.
    case retrying(poll: Int, maxPolls: Int, reason: String, delay: Double)
}

/// Waits for a started video to complete.
public struct VideoPoller: Sendable {
    private let backend: any VideoBackend
    private let clock: any LyraClock
    /// The timing rules.
    public let policy: VideoPollPolicy

    /// A poller asking `backend` and sleeping on `clock`.
    public init(backend: any VideoBackend, clock: any LyraClock, policy: VideoPollPolicy) {
        self.backend = backend
        self.clock = clock
        self.policy = policy
    }

    /// Sleeps one interval, polls, and repeats until the video is done.
    /// - Parameters:
    ///   - videoID: the id `startVideo` returned.
    ///   - onEvent: called after every poll (on the polling task).
    /// - Returns: the final status, whose phase is `.completed` and whose `videoURL` is set.
    /// - Throws: `VideoError.generationFailed`, `.timedOut`, `.pollingFailed`, `.missingVideoURL`;
    ///   `APIError` for non-transient faults; `CancellationError` or `APIError.cancelled` on cancel.
    public func waitForVideo(
        id videoID: String, onEvent: @Sendable (VideoPollEvent) -> Void = { _ in }
    ) async throws -> VideoStatusDTO {
        var delay = policy.interval
        var failures = 0
        for poll in 1 ... policy.maxPolls {
            try await clock.sleep(for: delay)
            try Task.checkCancellation()
            delay = policy.interval
            let status: VideoStatusDTO
            do {
                status = try await backend.videoStatus(id: videoID)
                failures = 0
            } catch let error as APIError where error.isTransient {
                failures += 1
                let reason = TextSanitizer.singleLine(error.errorDescription ?? "transient fault", limit: 300)
                if failures >= policy.maxConsecutiveFailures || poll == policy.maxPolls {
                    throw VideoError.pollingFailed(videoID: videoID, reason: reason)
                }
                delay = policy.retryDelay(afterFailures: failures, retryAfter: Self.retryAfter(of: error))
                onEvent(.retrying(poll: poll, maxPolls: policy.maxPolls, reason: reason, delay: delay))
                continue
            }
            onEvent(.status(poll: poll, maxPolls: policy.maxPolls, status: TextSanitizer.singleLine(status.status, limit: 60)))
            if let finished = try Self.finished(status, videoID: videoID) { return finished }
        }
        throw VideoError.timedOut(videoID: videoID, polls: policy.maxPolls)
    }

    /// The status when it is final and usable; nil while in progress.
    /// - Throws: `VideoError.generationFailed` or `.missingVideoURL`.
    static func finished(_ status: VideoStatusDTO, videoID: String) throws(VideoError) -> VideoStatusDTO? {
        switch status.phase {
        case .inProgress:
            return nil
        case let .failed(reason):
            throw .generationFailed(videoID: videoID, reason: reason.map { TextSanitizer.singleLine($0, limit: 300) })
        case .completed:
            guard let url = status.videoURL, !url.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .missingVideoURL(videoID: videoID)
            }
            return status
        }
    }

    private static func retryAfter(of error: APIError) -> Double? {
        if case let .rateLimited(retryAfter) = error { return retryAfter }
        return nil
    }
}
