// ProcessEnvironment reads this process's own environment without Foundation: it must agree with
// Foundation's reading of the same variables, since the whole run is configured from it.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ProcessEnvironmentTests {
    @Test func allHoldsEveryVariableFoundationSees() {
        let foundation = ProcessInfo.processInfo.environment
        let own = ProcessEnvironment.all()
        #expect(own == foundation)
        #expect(own["PATH"] != nil)
    }

    @Test func aValueIsReadAsGetenvSeesIt() {
        let foundation = ProcessInfo.processInfo.environment
        for name in ["PATH", "HOME"] { #expect(ProcessEnvironment.value(name) == foundation[name]) }
        #expect(ProcessEnvironment.value("LYRA_SURELY_UNSET_VARIABLE_4711") == nil)
    }
}
