// Shared helpers of the transport tests: a client on a running backend, the error a call threw,
// and the monotonic clock the backend stamps chunk sends with.
import Foundation
import LyraKit
import LyraTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

enum TransportTestSupport {
    /// An API client on `backend` through `transport`.
    static func client(_ backend: RunningBackend, transport: any HTTPTransport = CurlTransport.shared) throws -> APIClient {
        APIClient(config: try APIConfig(baseURL: backend.url, token: backend.token, userID: "u-1", locale: "en"),
                  transport: transport)
    }

    /// The `APIError` that `work` threw (an issue is recorded when it threw none or another kind).
    static func apiError(sourceLocation: SourceLocation = #_sourceLocation, _ work: () async throws -> Void) async -> APIError? {
        do {
            try await work()
            Issue.record("expected an APIError", sourceLocation: sourceLocation)
        } catch let error as APIError {
            return error
        } catch {
            Issue.record("expected an APIError, got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// CLOCK_MONOTONIC in nanoseconds (the clock of the backend's chunk send times).
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// The port of `backend`.
    static func port(_ backend: RunningBackend) -> Int {
        backend.url.port ?? 0
    }
}
