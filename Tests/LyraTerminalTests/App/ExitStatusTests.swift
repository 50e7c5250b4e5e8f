// The exit-status table of SPEC §1, locked.
import Testing
@testable import LyraTerminal

@Suite struct ExitStatusTests {
    @Test func theTableMatchesTheSpec() {
        let table: [LyraTerminal.ExitStatus: Int32] = [.success: 0, .lineFailed: 1, .usage: 2, .bailed: 3, .interrupted: 130,
                                                      .outputClosed: 141]
        for status in LyraTerminal.ExitStatus.allCases { #expect(table[status] == status.rawValue) }
    }

    @Test func configurationFailuresOutrankPlainOnes() {
        #expect(LyraTerminal.ExitStatus.forFailure(CommandError.configuration("no base URL")) == .usage)
        #expect(LyraTerminal.ExitStatus.forFailure(CommandError.failed("x")) == .lineFailed)
        #expect(LyraTerminal.ExitStatus.lineFailed.combined(with: .usage) == .usage)
        #expect(LyraTerminal.ExitStatus.usage.combined(with: .lineFailed) == .usage)
        #expect(LyraTerminal.ExitStatus.success.combined(with: .lineFailed) == .lineFailed)
    }
}
