// The launcher without a process: what each command line prints, the status it ends with, and the
// settings --demo points at its backend. (EndToEndTests run the real executable.)
import Foundation
import LyraKit
import Synchronization
import Testing
@testable import LyraTerminal

@MainActor
@Suite struct LyraLauncherTests {
    /// What a launcher printed, and the servers it asked for.
    final class Record: Sendable {
        let output = Mutex("")
        let errors = Mutex("")
        let serversStarted = Mutex<[String]>([])
    }

    private struct StartFailure: Error, LocalizedError {
        var errorDescription: String? { "address already in use" }
    }

    private func launcher(_ record: Record, serverStarts: Bool = true) -> LyraLauncher {
        LyraLauncher(
            startServer: { settings in
                let controls = settings.testControls ? " test-controls" : ""
                record.serversStarted.withLock { $0.append("\(settings.host):\(settings.port)\(controls)") }
                guard serverStarts, let url = URL(string: "http://\(settings.host):4321") else { throw StartFailure() }
                return LocalServerHandle(url: url, waitUntilStopped: {})
            },
            output: { text in record.output.withLock { $0 += text } },
            errors: { text in record.errors.withLock { $0 += text } })
    }

    private func status(of step: LyraLauncher.Step) -> LyraTerminal.ExitStatus? {
        if case .exit(let status) = step { return status }
        return nil
    }

    @Test func versionPrintsTheVersionAndSucceeds() {
        let record = Record()
        let step = launcher(record).prepare(["--version"])
        #expect(status(of: step) == .success)
        #expect(record.output.withLock { $0 } == "lyra \(LyraApp.version)\n")
        #expect(record.errors.withLock { $0 }.isEmpty)
    }

    @Test func helpPrintsTheUsage() {
        let record = Record()
        #expect(status(of: launcher(record).prepare(["--help"])) == .success)
        #expect(record.output.withLock { $0 } == LaunchOptions.usage + "\n")
    }

    @Test func anUnknownOptionPrintsTheErrorAndTheUsageAndEndsWithStatus2() {
        let record = Record()
        let step = launcher(record).prepare(["--frobnicate"])
        #expect(status(of: step) == .usage)
        let errors = record.errors.withLock { $0 }
        #expect(errors.hasPrefix("lyra: ") && errors.contains("--frobnicate"))
        #expect(errors.hasSuffix(LaunchOptions.usage + "\n"))
        #expect(record.output.withLock { $0 }.isEmpty)
        #expect(record.serversStarted.withLock { $0 }.isEmpty)
    }

    @Test func completionsForAnUnknownShellEndWithStatus2() {
        let record = Record()
        #expect(status(of: launcher(record).prepare(["--completions", "tcsh"])) == .usage)
        #expect(record.errors.withLock { $0 }.hasPrefix("lyra: "))
        #expect(record.output.withLock { $0 }.isEmpty)
    }

    @Test func demoPointsEverySettingAtItsBackendOnAFreeLoopbackPort() throws {
        let record = Record()
        let step = launcher(record).prepare(["--demo", "-c", "/help"])
        guard case .run(let options, let overrides, let demo) = step else {
            Issue.record("expected to run, got \(step)")
            return
        }
        #expect(options.demo && options.action == .lines(["/help"]))
        #expect(record.serversStarted.withLock { $0 } == ["127.0.0.1:0"])
        #expect(demo?.url.absoluteString == "http://127.0.0.1:4321")
        #expect(overrides == [.baseURL: "http://127.0.0.1:4321", .token: "demo-token",
                              .apphudURL: "http://127.0.0.1:4321", .apphudAPIKey: "demo-apphud-key"])
    }

    @Test func aDemoBackendThatCannotStartEndsWithStatus2() {
        let record = Record()
        let step = launcher(record, serverStarts: false).prepare(["--demo", "-c", "/help"])
        #expect(status(of: step) == .usage)
        #expect(record.errors.withLock { $0 } == "lyra: cannot start the demo backend: address already in use\n")
    }

    @Test func withoutDemoNoBackendStartsAndNothingIsOverridden() {
        let record = Record()
        guard case .run(_, let overrides, let demo) = launcher(record).prepare(["-c", "/help"]) else {
            Issue.record("expected to run")
            return
        }
        #expect(overrides.isEmpty && demo == nil)
        #expect(record.serversStarted.withLock { $0 }.isEmpty)
    }

    @Test func serveStartsTheBackendWhereAskedAndSaysWhereItListens() {
        let record = Record()
        guard case .serve(let server) = launcher(record).prepare(["serve", "--port", "4321"]) else {
            Issue.record("expected to serve")
            return
        }
        #expect(server.url.absoluteString == "http://127.0.0.1:4321")
        #expect(record.serversStarted.withLock { $0 } == ["127.0.0.1:4321"])
        #expect(record.output.withLock { $0 } == "lyra: local backend listening on http://127.0.0.1:4321\n")
    }

    @Test func serveHelpPrintsServesOwnUsageAndStartsNothing() {
        let record = Record()
        #expect(status(of: launcher(record).prepare(["serve", "--help"])) == .success)
        #expect(record.output.withLock { $0 } == ServeOptions.usage + "\n")
        #expect(record.serversStarted.withLock { $0 }.isEmpty)
    }

    @Test func serveOnANonLoopbackHostWithoutAllowRemoteIsAUsageErrorWithServesUsage() {
        let record = Record()
        #expect(status(of: launcher(record).prepare(["serve", "--host", "0.0.0.0"])) == .usage)
        let errors = record.errors.withLock { $0 }
        #expect(errors.hasPrefix("lyra: ") && errors.contains("--allow-remote"))
        #expect(errors.hasSuffix(ServeOptions.usage + "\n"))
        #expect(record.serversStarted.withLock { $0 }.isEmpty)
    }

    @Test func serveWithAllowRemoteWarnsOnStderrAndPassesTestControlsOn() {
        let record = Record()
        let step = launcher(record).prepare(["serve", "--allow-remote", "--host", "0.0.0.0", "--test-controls"])
        guard case .serve = step else {
            Issue.record("expected to serve, got \(step)")
            return
        }
        #expect(record.serversStarted.withLock { $0 } == ["0.0.0.0:8080 test-controls"])
        #expect(record.errors.withLock { $0 }.contains("reachable from the network"))
        // On loopback, --allow-remote changes nothing and there is nothing to warn about.
        let quiet = Record()
        _ = launcher(quiet).prepare(["serve", "--allow-remote"])
        #expect(quiet.errors.withLock { $0 }.isEmpty)
    }

    @Test func aServeBackendThatCannotStartEndsWithStatus2() {
        let record = Record()
        #expect(status(of: launcher(record, serverStarts: false).prepare(["serve"])) == .usage)
        #expect(record.errors.withLock { $0 } == "lyra: address already in use\n")
    }
}
