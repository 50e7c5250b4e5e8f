// A one-shot rendezvous between a callback API and `withCheckedThrowingContinuation`: whichever of
// the callback, a cancellation or a timeout comes first resumes the continuation; the rest are ignored.
import Synchronization

/// Resumes one continuation exactly once, however many times it is finished.
final class CallbackBridge<Value: Sendable>: Sendable {
    private enum State {
        case waiting
        case installed(CheckedContinuation<Value, any Error>)
        /// Finished before the continuation was installed (e.g. cancelled first).
        case early(Result<Value, any Error>)
        case done
    }

    private let state = Mutex<State>(.waiting)

    /// Installs the continuation; resumes it at once when the bridge was already finished.
    func install(_ continuation: CheckedContinuation<Value, any Error>) {
        let early: Result<Value, any Error>? = state.withLock { current in
            switch current {
            case .waiting:
                current = .installed(continuation)
                return nil
            case .early(let result):
                current = .done
                return result
            case .installed, .done:
                return nil
            }
        }
        if let early { continuation.resume(with: early) }
    }

    /// Resumes with `result` if nothing resumed yet; later calls do nothing.
    func finish(_ result: Result<Value, any Error>) {
        let continuation: CheckedContinuation<Value, any Error>? = state.withLock { current in
            switch current {
            case .waiting:
                current = .early(result)
                return nil
            case .installed(let continuation):
                current = .done
                return continuation
            case .early, .done:
                return nil
            }
        }
        continuation?.resume(with: result)
    }
}
