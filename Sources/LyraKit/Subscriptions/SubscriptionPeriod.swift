// A subscription's billing period, parsed from ISO 8601 (`P3D`, `P1W`, `P1M`, `P3M`, `P1Y`), and its
// length in weeks as an exact fraction (SPEC §5: a day is 1/7 week, a month 365/12/7, a year 365/7).
import Foundation

/// A billing period such as one week or three months.
public struct SubscriptionPeriod: Sendable, Hashable, CustomStringConvertible {
    /// A calendar unit of a period.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case day, week, month, year

        /// The ISO 8601 designator (`D`, `W`, `M`, `Y`).
        var designator: Character {
            switch self {
            case .day: "D"
            case .week: "W"
            case .month: "M"
            case .year: "Y"
            }
        }

        /// This unit's length in weeks, in 84ths of a week (84 = 7 × 12 makes every unit whole):
        /// a day 12/84, a week 84/84, a month 365/84 (365/12/7), a year 4380/84 (365/7).
        var weeksIn84ths: Int {
            switch self {
            case .day: 12
            case .week: 84
            case .month: 365
            case .year: 4380
            }
        }
    }

    /// How many units, at least 1.
    public let count: Int
    /// The unit.
    public let unit: Unit

    /// A period of `count` `unit`s; a period of 7n days becomes n weeks and 12n months n years.
    public init(count: Int, unit: Unit) {
        switch unit {
        case .day where count % 7 == 0:
            self.count = count / 7
            self.unit = .week
        case .month where count % 12 == 0:
            self.count = count / 12
            self.unit = .year
        default:
            self.count = count
            self.unit = unit
        }
    }

    /// Parses an ISO 8601 period of one unit (`P3D`, `P1W`, `P6M`, `P1Y`, case-insensitive);
    /// nil for anything else (including zero-length periods and time parts like `PT1H`).
    public init?(iso8601 text: String) {
        let upper = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard upper.hasPrefix("P"), let last = upper.last,
              let unit = Unit.allCases.first(where: { $0.designator == last }) else { return nil }
        let digits = upper.dropFirst().dropLast()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCIIDigit),
              let count = Int(digits), count > 0 else { return nil }
        self.init(count: count, unit: unit)
    }

    /// The ISO 8601 text, e.g. `P3M`.
    public var iso8601: String { "P\(count)\(unit.designator)" }

    /// The ISO 8601 text.
    public var description: String { iso8601 }

    /// The period's length in weeks as the exact fraction `numerator / 84`.
    public var weeksIn84ths: Int { count * unit.weeksIn84ths }

    /// The period in words: `week`, `3 months`, `year`.
    public var words: String {
        let name = unit.rawValue
        return count == 1 ? name : "\(count) \(name)s"
    }
}

extension Character {
    /// True for `0`…`9` only.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
