// Watchdog: the one default time bound of the harness's waits. It only turns a hang into a
// failure: a parallel run on a loaded 2-core machine can stall a test for tens of seconds.
import Foundation

/// Default deadlines for the harness's waits.
public enum Watchdog {
    /// How long a wait for output, an exit or a program's end lasts by default before it fails.
    public static let standard: Duration = .seconds(120)
}
