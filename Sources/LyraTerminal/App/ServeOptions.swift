// The command line of `lyra serve` (SPEC §16): where it listens, whether it may be reached from the
// network (only when asked), and whether its test controls exist; its own usage text.
import Foundation

/// What `lyra serve` was asked for.
public struct ServeOptions: Sendable, Equatable {
    /// The address to listen on (an IP literal or `localhost`).
    public var host: String
    /// The port; 0 picks a free one.
    public var port: UInt16
    /// `--allow-remote`: a non-loopback `host` is allowed (with a warning).
    public var allowRemote: Bool
    /// `--test-controls`: the `/_test/*` routes exist (they record requests and change behaviour).
    public var testControls: Bool

    /// Options with the defaults of `lyra serve`: 127.0.0.1:8080, loopback only, no test controls.
    public init(host: String = "127.0.0.1", port: UInt16 = 8080, allowRemote: Bool = false, testControls: Bool = false) {
        self.host = host
        self.port = port
        self.allowRemote = allowRemote
        self.testControls = testControls
    }

    /// The usage text of `lyra serve --help`.
    public static let usage = """
        usage: lyra serve [--host H] [--port P] [--allow-remote] [--test-controls]

        Runs the local backend (the app backend and Apphud, canned and deterministic) in the
        foreground until Ctrl-C (exit status 0) or SIGTERM.

        options:
        \(LaunchOptionCatalog.usageLines(LaunchOptionCatalog.serveOptions))

        limits: 64 connections, 10 s to send a request head, 100 MiB a body, 256 MiB of bodies in all
        """

    /// Whether the server reaches beyond this machine: true for an IP address outside loopback
    /// (127.0.0.0/8, ::1, and IPv4-mapped 127.x); false for loopback, `localhost`, and for anything
    /// that is not an IP address (the server refuses to listen there anyway, with its own message).
    public var isRemote: Bool {
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if literal.lowercased() == "localhost" { return false }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, literal, &ipv4) == 1 {
            return UInt32(bigEndian: ipv4.s_addr) >> 24 != 127
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, literal, &ipv6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
        let isLoopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
        let isMappedLoopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            && bytes[12] == 127
        return !(isLoopback || isMappedLoopback)
    }

    /// Parses the words after `serve`.
    /// - Returns: `.serve(options)`, or `.serveHelp` for `-h`/`--help`.
    /// - Throws: `UsageError` for an unknown option, a missing or bad value, or a non-loopback
    ///   `--host` without `--allow-remote`.
    static func parse(_ arguments: ArraySlice<String>) throws -> LaunchOptions.Action {
        var options = ServeOptions()
        var remaining = arguments
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = LongOption.split(argument)
            guard LaunchOptionCatalog.spec(named: name, in: LaunchOptionCatalog.serveOptions) != nil else {
                throw UsageError(message: "unknown option '\(argument)' for 'lyra serve'")
            }
            switch name {
            case "-h", "--help":
                return .serveHelp
            case "--allow-remote":
                options.allowRemote = true
            case "--test-controls":
                options.testControls = true
            case "--host", "--port":
                guard let value = inlineValue ?? remaining.popFirst() else { throw UsageError(message: "\(name) needs a value") }
                if name == "--host" {
                    options.host = value
                } else {
                    guard let number = UInt16(value) else { throw UsageError(message: "--port needs a number from 0 to 65535") }
                    options.port = number
                }
            default:
                throw UsageError(message: "unknown option '\(argument)' for 'lyra serve'")
            }
        }
        if options.isRemote && !options.allowRemote {
            throw UsageError(message: "'--host \(options.host)' is not a loopback address: the local backend would be "
                + "reachable from the network; add --allow-remote if that is what you want")
        }
        return .serve(options)
    }

    /// The warning `lyra serve` prints when it listens beyond loopback; nil when it does not.
    var remoteWarning: String? {
        guard isRemote else { return nil }
        let controls = testControls ? ", test controls (/_test/*) included" : ""
        return "lyra: warning: listening on \(host): the local backend is reachable from the network and answers "
            + "anyone who connects, without authentication\(controls)"
    }
}
