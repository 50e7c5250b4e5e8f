// Random (version 4) UUIDs drawn from the system generator (`getrandom`): Foundation's `UUID()` on
// Linux opens and reads /dev/urandom each time, three system calls for every message a turn makes.
import Foundation

extension UUID {
    /// A random version-4 UUID from `SystemRandomNumberGenerator`.
    public static func systemRandom() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var words: (UInt64, UInt64) = (generator.next(), generator.next())
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { target in
            withUnsafeBytes(of: &words) { target.copyMemory(from: $0) }
            target[6] = target[6] & 0x0F | 0x40   // version 4
            target[8] = target[8] & 0x3F | 0x80   // RFC 4122 variant
        }
        return UUID(uuid: uuid)
    }

    /// The text of a new random UUID in lower case, as Lyra stores message and chat ids.
    public static func systemRandomLowercased() -> String {
        systemRandom().uuidString.lowercased()
    }
}
