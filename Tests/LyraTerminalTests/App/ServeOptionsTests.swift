// `lyra serve`'s command line (SPEC §16): loopback unless --allow-remote, --test-controls, its own
// --help, and which hosts count as loopback.
import Testing
@testable import LyraTerminal

@Suite struct ServeOptionsTests {
    @Test func theNewOptionsAreParsedInAnyOrder() throws {
        #expect(try LaunchOptions.parse(["serve", "--test-controls", "--port=0"]).action
            == .serve(ServeOptions(port: 0, testControls: true)))
        #expect(try LaunchOptions.parse(["serve", "--host", "0.0.0.0", "--allow-remote"]).action
            == .serve(ServeOptions(host: "0.0.0.0", allowRemote: true)))
        #expect(try LaunchOptions.parse(["serve", "--allow-remote", "--host=::"]).action
            == .serve(ServeOptions(host: "::", allowRemote: true)))
    }

    @Test(arguments: [["serve", "--help"], ["serve", "-h"], ["serve", "--port", "1", "--help"]])
    func helpAfterServeIsServesHelp(arguments: [String]) throws {
        #expect(try LaunchOptions.parse(arguments).action == .serveHelp)
    }

    @Test(arguments: ["0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "fe80::1", "::ffff:10.0.0.1"])
    func aNonLoopbackHostNeedsAllowRemote(host: String) {
        #expect(ServeOptions(host: host).isRemote)
        #expect(throws: UsageError.self) { try LaunchOptions.parse(["serve", "--host", host]) }
        do {
            _ = try LaunchOptions.parse(["serve", "--host", host])
        } catch let error as UsageError {
            #expect(error.message.contains("--allow-remote") && error.message.contains(host))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "[::1]", "::ffff:127.0.0.1", "not a host"])
    func loopbackHostsAndNonAddressesAreNotRemote(host: String) throws {
        #expect(!ServeOptions(host: host).isRemote)
        #expect(try LaunchOptions.parse(["serve", "--host", host]).action == .serve(ServeOptions(host: host)))
    }

    @Test func theWarningNamesTheHostAndTheTestControls() {
        #expect(ServeOptions(host: "127.0.0.1", allowRemote: true).remoteWarning == nil)
        let warning = ServeOptions(host: "0.0.0.0", allowRemote: true, testControls: true).remoteWarning ?? ""
        #expect(warning.hasPrefix("lyra: warning: listening on 0.0.0.0") && warning.contains("/_test/*"))
    }

    @Test func theGeneralUsagePointsAtServesHelpAndServesUsageNamesEveryOption() {
        #expect(LaunchOptions.usage.contains("lyra serve --help"))
        for option in ["--host", "--port", "--allow-remote", "--test-controls", "--help"] {
            #expect(ServeOptions.usage.contains(option), "\(option)")
        }
    }
}
