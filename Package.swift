// swift-tools-version:6.0
// Lyra: an AI assistant for the terminal. A thin executable over one library per concern.
import PackageDescription

let package = Package(
    name: "Lyra",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "lyra", targets: ["lyra"]),
    ],
    targets: [
        // C shim over libedit: non-variadic wrappers, the prompt buffer, bracketed paste, the signal
        // plumbing (SIGINT flag, SIGTERM/SIGHUP watcher) and spawning helper programs.
        .target(
            name: "CLineEdit",
            linkerSettings: [.linkedLibrary("edit")]
        ),
        // C shim over libcurl, loaded with dlopen on first use: typed setopt wrappers. No logic.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // The service layer: network, storage, configuration, features. No terminal I/O.
        // CPseudoTerminal: its `cpt_spawn_piped` (posix_spawn, explicit environment) starts MCP servers.
        .target(name: "LyraKit", dependencies: ["CCurl", "CPseudoTerminal"]),
        // The local backend of SPEC §6: a loopback HTTP/1.1 server and its routes.
        .target(name: "LyraBackend"),
        // The terminal front end: line editor, design system, commands, REPL and script runner.
        .target(name: "LyraTerminal", dependencies: ["LyraKit", "CLineEdit"]),
        // The executable: parse argv, build the dependencies, run. Release builds on Linux are linked
        // by GNU ld with packed relative relocations (RELR, glibc ≥ 2.36): the static binary's 78,000
        // relative relocations shrink from a 1.9 MB table to 15 KB, ~1.5 ms of every start-up (gold,
        // the default linker, cannot pack them).
        .executableTarget(
            name: "lyra", dependencies: ["LyraTerminal", "LyraKit", "LyraBackend"],
            linkerSettings: [.unsafeFlags(["-use-ld=bfd", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                                          .when(platforms: [.linux], configuration: .release))]
        ),
        // Test helpers: run the built binary, start a backend, drive a pseudo-terminal.
        .target(name: "CPseudoTerminal", path: "Sources/CPseudoTerminal", linkerSettings: [.linkedLibrary("util")]),
        .target(name: "LyraTestSupport", dependencies: ["LyraBackend", "LyraKit", "CPseudoTerminal"]),
        .testTarget(name: "LyraKitTests", dependencies: ["LyraKit", "LyraTestSupport"]),
        .testTarget(name: "LyraTerminalTests", dependencies: ["LyraTerminal", "LyraTestSupport"]),
        // LyraKit: the backend's streams are read back with the client's own SSE parser and DTOs.
        .testTarget(name: "LyraBackendTests", dependencies: ["LyraBackend", "LyraKit", "LyraTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["LyraTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
