// Ids as Lyra stores them: Foundation's random (version 4) UUIDs, in lower case.
import Foundation

extension UUID {
    /// The text of a new random UUID in lower case, as Lyra stores message and chat ids.
    public static func systemRandomLowercased() -> String {
        UUID().uuidString.lowercased()
    }
}
