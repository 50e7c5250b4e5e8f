// A reproducible random number generator for fuzz tests (SplitMix64), plus the fuzz budget:
// how many cases to run (`LYRA_FUZZ_CASES`) and which seed to start from (`LYRA_FUZZ_SEED`).
import Foundation

/// SplitMix64: a tiny, fast, well-mixed generator. The same seed always gives the same sequence,
/// so a failing fuzz case is replayed by setting `LYRA_FUZZ_SEED` to the printed seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The seed this generator started from (print it when a case fails).
    public let seed: UInt64
    private var state: UInt64

    /// A generator starting at `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// `count` random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    /// One element of `items` (which must not be empty).
    public mutating func pick<T>(_ items: [T]) -> T {
        items[Int(next() % UInt64(items.count))]
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool {
        Int(next() % 100) < percent
    }
}

/// How much fuzzing a run does: `LYRA_FUZZ_CASES` is the total across all fuzz targets (default a few
/// thousand, so `swift test` stays fast; `make fuzz` sets 200000), split by each target's share.
public enum FuzzBudget {
    /// The number of fuzz targets the total is shared between.
    public static let targets = 12

    /// The total case count from `LYRA_FUZZ_CASES`, or `defaultTotal`.
    public static var total: Int {
        let text = ProcessInfo.processInfo.environment["LYRA_FUZZ_CASES"] ?? ""
        return Int(text).map { max(1, $0) } ?? defaultTotal
    }

    /// The default total when `LYRA_FUZZ_CASES` is unset.
    public static let defaultTotal = 4000

    /// Cases for one target: its share of the total, scaled by `weight` (1 = an equal share).
    public static func cases(weight: Double = 1) -> Int {
        max(1, Int(Double(total) / Double(targets) * weight))
    }

    /// The seed for a target: `LYRA_FUZZ_SEED` when set (to replay a failure), else one derived from
    /// `name` and the clock, so every run explores new cases.
    public static func seed(for name: String) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["LYRA_FUZZ_SEED"], let seed = UInt64(text) { return seed }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash ^ UInt64(UInt64(Date().timeIntervalSince1970 * 1000) & 0xFFFF_FFFF)
    }

    /// Runs `body` for `count` cases, each with its own generator seeded from `seed` and the case
    /// number. `body` returns false (or throws) to fail a case; the first failure is returned with
    /// the seed that replays the run (`LYRA_FUZZ_SEED=<seed>`), nil when every case passed.
    public static func run(
        seed: UInt64, count: Int, _ body: (inout SeededGenerator) throws -> Bool
    ) -> FuzzFailure? {
        var master = SeededGenerator(seed: seed)
        for index in 0..<count {
            var generator = SeededGenerator(seed: master.next())
            do {
                if try !body(&generator) { return FuzzFailure(seed: seed, caseIndex: index, reason: "check failed") }
            } catch {
                return FuzzFailure(seed: seed, caseIndex: index, reason: "threw \(error)")
            }
        }
        return nil
    }
}

/// The first failing case of a fuzz run.
public struct FuzzFailure: Error, CustomStringConvertible, Sendable {
    /// The run's seed: `LYRA_FUZZ_SEED=<seed>` replays it.
    public let seed: UInt64
    /// Which case (from 0) failed.
    public let caseIndex: Int
    /// What went wrong.
    public let reason: String

    /// A line to print with the failure.
    public var description: String {
        // Generators that serialize dictionaries follow Swift's per-process hash seed: a run made with
        // deterministic hashing (`make fuzz`) is replayed exactly only with it too.
        let hashing = ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"]
            .map { "SWIFT_DETERMINISTIC_HASHING=\($0) " } ?? ""
        return "fuzz case \(caseIndex) failed (\(reason)); replay with \(hashing)LYRA_FUZZ_SEED=\(seed)"
    }
}
