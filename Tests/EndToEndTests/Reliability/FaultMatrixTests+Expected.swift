// The expected outcome of each cell of the fault matrix, by SPEC §4's status mapping, §7 (no hang)
// and the retry rule (only status polls retry connection errors, 502, 503, 504 and 429).
import Foundation

extension FaultMatrixTests {
    static func expected(_ cell: FaultCase) -> FaultOutcome {
        if cell.endpoint == .apphud { return apphudExpected(cell.fault) }
        if cell.endpoint == .status, retriedByPolls.contains(cell.fault) { return .succeeds }
        // A status body of the wrong shape has no failure status: it counts as "in progress".
        if cell.endpoint == .status, cell.fault == .wrongShape { return .succeeds }
        // The download GET runs on the connection kept alive by the status polls; a reused connection
        // that closes without a byte of answer is retried once on a fresh one by libcurl (GET only:
        // a request body is never re-sent), so the dropped download succeeds.
        if cell.endpoint == .download, cell.fault == .dropped { return .succeeds }
        switch cell.fault {
        case .refused: return .fails("network error: could not connect to 127.0.0.1")
        case .dropped: return .fails("network error: bad response from 127.0.0.1")
        case .truncated: return .fails("network error: request to 127.0.0.1 failed: transfer closed with 100 bytes remaining to read")
        case .timeout, .slowDrip: return .fails("network error: the request to 127.0.0.1 timed out")
        case .status500: return .fails("server error 500: injected fault (status 500)")
        case .status502: return .fails("server error 502: injected fault (status 502)")
        case .status503: return .fails("server error 503: injected fault (status 503)")
        case .status504: return .fails("server error 504: injected fault (status 504)")
        case .unauthorized: return .fails("unauthorized: check your token: /login")
        case .paymentRequired: return .fails("subscription required: see /subscribe")
        case .rateLimited: return .fails("rate limited by the server: try again in 1 s")
        case .malformedJSON, .emptyBody:
            return cell.endpoint == .download ? .succeeds
                : .fails("unexpected response from the server: the body is not valid JSON")
        case .wrongShape:
            return cell.endpoint == .download ? .succeeds : .fails("unexpected response from the server: missing field '")
        case .hugeBody:
            return cell.endpoint == .download ? .succeeds
                : .fails("unexpected response from the server: the response is larger than 16 MiB")
        }
    }

    /// Faults a status poll retries (SPEC §4): connection errors, timeouts, 502/503/504 and 429.
    static let retriedByPolls: Set<FaultKind> = [.dropped, .truncated, .timeout, .status502, .status503, .status504, .rateLimited]

    /// Apphud's outcomes are whole messages: the test compares the line exactly.
    static func apphudExpected(_ fault: FaultKind) -> FaultOutcome {
        switch fault {
        case .refused: return .fails("cannot reach Apphud: could not connect to 127.0.0.1")
        case .dropped: return .fails("cannot reach Apphud: bad response from 127.0.0.1")
        case .truncated:
            return .fails("cannot reach Apphud: request to 127.0.0.1 failed: transfer closed with 100 bytes remaining to read")
        case .timeout, .slowDrip: return .fails("cannot reach Apphud: the request to 127.0.0.1 timed out")
        case .status500, .status502, .status503, .status504, .paymentRequired, .rateLimited:
            return .fails("Apphud error \(apphudStatus(fault)): injected fault (status \(apphudStatus(fault)))")
        case .unauthorized: return .fails("Apphud refused the API key (401): check LYRA_APPHUD_API_KEY")
        case .malformedJSON, .wrongShape, .emptyBody: return .fails("unexpected answer from Apphud: not an Apphud customer")
        case .hugeBody: return .fails("cannot reach Apphud: unexpected response from the server: the response is larger than 16 MiB")
        }
    }

    private static func apphudStatus(_ fault: FaultKind) -> Int {
        switch fault {
        case .status500: 500
        case .status502: 502
        case .status503: 503
        case .status504: 504
        case .paymentRequired: 402
        default: 429
        }
    }
}
