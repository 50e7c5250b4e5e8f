// `lyra serve` as a process (SPEC §16, issue 33 finding 3): Ctrl-C (SIGINT) and SIGTERM stop it,
// `serve --help` is serve's own, a non-loopback --host needs --allow-remote, test controls only
// with --test-controls. Only loopback addresses are ever connected to.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ServeCommandTests {
    /// Starts `lyra serve --port 0 EXTRA…` and returns it with the URL it printed.
    private func startServe(_ extra: [String] = []) async throws -> (BackgroundProcess, URL) {
        let environment = try TemporaryEnvironment()
        let process = try BackgroundProcess(executable: try LyraBinary.url, arguments: ["serve", "--port", "0"] + extra,
                                            environment: environment.environment, timeout: .seconds(120))
        try await process.awaitOutput(containing: "listening on http://", timeout: .seconds(120))  // a watchdog only
        let line = process.stdoutSoFar
        let address = try #require(line.split(separator: " ").last { $0.hasPrefix("http://") })
        let url = try #require(URL(string: address.trimmingCharacters(in: .whitespacesAndNewlines)))
        return (process, url)
    }

    @Test func sigintStopsServeWithStatus0() async throws {
        let (process, _) = try await startServe()
        process.signal(SIGINT)
        // Before the fix SIGINT was blocked and never taken: the process ran on until the watchdog.
        let result = try await process.result()
        #expect(result.terminatedBySignal == nil && result.status == 0, "\(result.stderr)")
    }

    @Test func sigtermStopsServeByTheSignal() async throws {
        let (process, _) = try await startServe()
        process.signal(SIGTERM)
        let result = try await process.result()
        #expect(result.terminatedBySignal == SIGTERM, "\(result.status) \(result.stderr)")
    }

    @Test func serveHelpPrintsServesOwnUsage() async throws {
        let environment = try TemporaryEnvironment()
        for flag in ["--help", "-h"] {
            let result = try await environment.runLyra(["serve", flag])
            #expect(result.status == 0 && result.stderr.isEmpty)
            #expect(result.stdout.hasPrefix("usage: lyra serve "), "\(result.stdout)")
            #expect(result.stdout.contains("--allow-remote") && result.stdout.contains("--test-controls"))
        }
    }

    @Test func aNonLoopbackHostWithoutAllowRemoteIsRefusedWithStatus2() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["serve", "--host", "0.0.0.0", "--port", "0"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("lyra: '--host 0.0.0.0' is not a loopback address") && result.stderr.contains("--allow-remote"))
        #expect(result.stdout.isEmpty)
    }

    @Test func allowRemoteWarnsThatTheServerIsReachableFromTheNetwork() async throws {
        // Binds 0.0.0.0 but nothing connects to it: the warning is all this looks at.
        let (process, _) = try await startServe(["--host", "0.0.0.0", "--allow-remote"])
        process.signal(SIGINT)
        let result = try await process.result()
        #expect(result.status == 0)
        #expect(result.stderr.contains("lyra: warning: listening on 0.0.0.0") && result.stderr.contains("reachable from the network"))
    }

    @Test func testControlsAnswerOnlyWithTheFlag() async throws {
        let (plain, plainURL) = try await startServe()
        let (withControls, controlledURL) = try await startServe(["--test-controls"])
        let control = BackendControl(baseURL: plainURL)
        let hidden = try await control.fetch(plainURL.appending(path: "_test/requests")).0
        let shown = try await control.fetch(controlledURL.appending(path: "_test/requests")).0
        plain.signal(SIGINT)
        withControls.signal(SIGINT)
        #expect(hidden == 404)
        #expect(shown == 200)
        #expect(try await plain.result().status == 0)
        #expect(try await withControls.result().status == 0)
    }
}
