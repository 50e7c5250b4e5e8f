// Bridges one URLSessionTask to async/await: resumes the caller exactly once, and on task
// cancellation cancels the URLSessionTask and returns `APIError.cancelled` at once.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The continuation and task of one in-flight request, guarded so that completion and
/// cancellation race safely: whichever comes first resumes the caller, the other is ignored.
final class PendingURLTask<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var task: URLSessionTask?
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Stores `continuation`, makes the task with `makeTask` and resumes it (or, when already
    /// cancelled, resumes the caller with `APIError.cancelled` without starting anything).
    func start(_ continuation: CheckedContinuation<Value, any Error>, makeTask: () -> URLSessionTask) {
        let alreadyCancelled = state.withLock { state in
            if state.cancelled { return true }
            state.continuation = continuation
            return false
        }
        if alreadyCancelled {
            continuation.resume(throwing: APIError.cancelled)
            return
        }
        let task = makeTask()
        let cancelNow = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelNow { task.cancel() }
    }

    /// Resumes the caller with `result`, unless it was already resumed.
    func finish(_ result: Result<Value, any Error>) {
        let continuation = state.withLock { state in
            let pending = state.continuation
            state.continuation = nil
            return pending
        }
        continuation?.resume(with: result)
    }

    /// After `seconds`, unless the caller was resumed by then: cancels the URLSessionTask and
    /// resumes the caller with `error` (a request deadline).
    func failAfter(seconds: TimeInterval, with error: APIError) {
        guard seconds.isFinite, seconds > 0 else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
            self?.cancel(with: error)
        }
    }

    /// Cancels the URLSessionTask and resumes the caller with `APIError.cancelled` immediately.
    func cancel() {
        cancel(with: .cancelled)
    }

    private func cancel(with error: APIError) {
        let (continuation, task) = state.withLock { state in
            state.cancelled = true
            let pending = (state.continuation, state.task)
            state.continuation = nil
            return pending
        }
        task?.cancel()
        continuation?.resume(throwing: error)
    }
}
