// An error that knows what the user can do about it (see `RecoveryAdvice`).
import Foundation

/// An error whose description leaves the way out to the front end.
public protocol AdvisingError: Error {
    /// What the user can do about this error; nil when there is nothing to advise.
    var advice: RecoveryAdvice? { get }
}
