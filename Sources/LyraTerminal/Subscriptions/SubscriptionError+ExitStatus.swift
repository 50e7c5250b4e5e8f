// Which subscription errors mean "no usable configuration" (exit status 2, SPEC §1).
import Foundation
import LyraKit

extension SubscriptionError: StatusCarryingError {
    /// A missing Apphud key is a configuration problem; every other failure fails the line.
    public var exitStatus: ExitStatus {
        switch self {
        case .missingAPIKey: return .usage
        default: return .lineFailed
        }
    }
}
