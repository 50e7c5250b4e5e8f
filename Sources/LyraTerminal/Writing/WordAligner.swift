// The alignment behind ``WordDiff``: which tokens of the old text are kept, deleted, or which
// new ones inserted. Exact LCS for inputs of moderate size; a linear re-synchronising scan beyond.
import Foundation

/// Aligns two token sequences.
enum WordAligner {
    /// One step of an alignment, in order.
    enum Step: Equatable, Sendable {
        /// The next old token equals the next new one.
        case keep
        /// The next old token was removed.
        case delete
        /// The next new token was added.
        case insert
    }

    /// The most table cells the exact LCS may use (the changed middle's old × new tokens).
    static let cellBudget = 1_000_000
    /// How far ahead (in tokens, on each side) the linear scan looks to re-synchronise.
    static let window = 24
    /// How many equal tokens in a row count as back in step.
    static let anchorLength = 3

    /// The steps turning `old` into `new`.
    static func align(_ old: [String], _ new: [String]) -> [Step] {
        var identifiers: [String: Int] = [:]
        func intern(_ token: String) -> Int {
            if let known = identifiers[token] { return known }
            identifiers[token] = identifiers.count
            return identifiers.count - 1
        }
        let a = old.map(intern)
        let b = new.map(intern)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var steps = [Step](repeating: .keep, count: prefix)
        if middleA.count * middleB.count <= cellBudget {
            steps += longestCommonSubsequence(middleA, middleB)
        } else {
            steps += resynchronisingScan(middleA, middleB)
        }
        steps += [Step](repeating: .keep, count: suffix)
        return steps
    }

    // MARK: - Exact

    /// A minimal alignment by dynamic programming; O(n·m) time and space.
    static func longestCommonSubsequence(_ a: [Int], _ b: [Int]) -> [Step] {
        let n = a.count, m = b.count
        if n == 0 || m == 0 {
            return [Step](repeating: .delete, count: n) + [Step](repeating: .insert, count: m)
        }
        let rowLength = m + 1
        // lengths[i * rowLength + j] = LCS length of a[i...] and b[j...].
        var lengths = [Int32](repeating: 0, count: (n + 1) * rowLength)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * rowLength + j] = a[i] == b[j]
                    ? lengths[(i + 1) * rowLength + j + 1] + 1
                    : max(lengths[(i + 1) * rowLength + j], lengths[i * rowLength + j + 1])
            }
        }
        var steps: [Step] = []
        steps.reserveCapacity(n + m)
        var i = 0, j = 0
        while i < n && j < m {
            if a[i] == b[j] {
                steps.append(.keep); i += 1; j += 1
            } else if lengths[(i + 1) * rowLength + j] >= lengths[i * rowLength + j + 1] {
                steps.append(.delete); i += 1
            } else {
                steps.append(.insert); j += 1
            }
        }
        steps += [Step](repeating: .delete, count: n - i)
        steps += [Step](repeating: .insert, count: m - j)
        return steps
    }

    // MARK: - Linear

    /// A greedy alignment for long inputs: equal tokens are kept; at a difference, the nearest point
    /// within ``window`` tokens where ``anchorLength`` tokens agree again ends a replaced region.
    /// O((n + m) · window²) in the worst case, not minimal but never quadratic in the input.
    static func resynchronisingScan(_ a: [Int], _ b: [Int]) -> [Step] {
        var steps: [Step] = []
        steps.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                steps.append(.keep); i += 1; j += 1
                continue
            }
            let (skipA, skipB) = resynchronisationPoint(a, b, i, j)
                ?? (min(window, a.count - i), min(window, b.count - j))
            steps += [Step](repeating: .delete, count: skipA)
            steps += [Step](repeating: .insert, count: skipB)
            i += skipA
            j += skipB
        }
        steps += [Step](repeating: .delete, count: a.count - i)
        steps += [Step](repeating: .insert, count: b.count - j)
        return steps
    }

    /// The smallest skip (old, new) after which the sequences agree again, if within the window.
    private static func resynchronisationPoint(_ a: [Int], _ b: [Int], _ i: Int, _ j: Int) -> (Int, Int)? {
        for total in 1...(2 * window) {
            for skipA in max(0, total - window)...min(total, window) {
                let skipB = total - skipA
                guard i + skipA <= a.count, j + skipB <= b.count else { continue }
                if agree(a, b, i + skipA, j + skipB) { return (skipA, skipB) }
            }
        }
        return nil
    }

    /// Whether ``anchorLength`` tokens agree from (x, y), or both sequences end together before that.
    private static func agree(_ a: [Int], _ b: [Int], _ x: Int, _ y: Int) -> Bool {
        for offset in 0..<anchorLength {
            let atEndA = x + offset == a.count, atEndB = y + offset == b.count
            if atEndA && atEndB { return true }
            guard !atEndA, !atEndB, a[x + offset] == b[y + offset] else { return false }
        }
        return true
    }
}
