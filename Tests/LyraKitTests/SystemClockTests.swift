// SystemClock: sleeping is cancellable and wakes promptly with CancellationError.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SystemClockTests {
    @Test func sleepEndsPromptlyWhenCancelled() async {
        let sleeper = Task { try await SystemClock().sleep(for: 600) }
        sleeper.cancel()
        let clock = ContinuousClock()
        let start = clock.now
        let result = await sleeper.result
        // Far below the 600 s sleep: it was cut short (a loaded parallel run stalled this for 59 s).
        #expect(clock.now - start < .seconds(300))
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func nonPositiveSleepReturnsAtOnce() async throws {
        let before = SystemClock().now()
        try await SystemClock().sleep(for: 0)
        try await SystemClock().sleep(for: -.infinity)
        // Returning at all is the point (a sleep of 0 or -infinity must not wait); the bound is a watchdog.
        #expect(SystemClock().now().timeIntervalSince(before) < 30)
    }
}
