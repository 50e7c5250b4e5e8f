// Runs blocking work (a child process the user interacts with, a clipboard tool) on a thread of its
// own, so neither the main actor nor Swift's small cooperative pool waits on it.
import Foundation

/// Moves one blocking call off the caller's executor.
enum BlockingCall {
    /// Runs `body` on a new thread and returns its result (or rethrows its error).
    static func run<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Result { () throws(Failure) in try body() }) }.start()
        }
        return try result.get()
    }
}
