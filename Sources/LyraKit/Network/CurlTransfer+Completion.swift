// The end of a transfer on the driver thread: decide the outcome (cancelled, a callback's
// failure, libcurl's error, or success), finish the download file, resume the caller once.
import CCurl
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension CurlTransfer {
    /// Ends the transfer with libcurl's `code` and error text; later calls do nothing.
    func finish(code: CURLcode, detail: String) {
        finish(CurlFailure(code: code, detail: detail))
    }

    /// Ends the transfer with what libcurl reported; later calls do nothing.
    func finish(_ failure: CurlFailure) {
        let ending = state.withLock { state -> (CheckedContinuation<HTTPResponseHead, any Error>?, (any Error)?, HTTPResponseHead)? in
            guard !state.finished else { return nil }
            state.finished = true
            state.reader.release()
            var error = outcomeError(failure, state: state)
            error = finishDownload(&state, error: error)
            let head = HTTPResponseHead(statusCode: state.statusCode, url: request.url, headers: state.headers)
            return (state.takeContinuation(), error, head)
        }
        guard let (continuation, error, head) = ending else { return }
        if let continuation {
            if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: head) }
        }
        if case let .stream(_, body) = mode {
            if let error { body.finish(throwing: error) } else { body.finish() }
        }
    }

    private func outcomeError(_ failure: CurlFailure, state: CurlTransferState) -> (any Error)? {
        if state.cancelled { return APIError.cancelled }
        if let failure = state.failure { return failure }
        if failure.code == CURLE_OK || state.errorBodyTruncated { return nil }
        if failure.code == CURLE_FILESIZE_EXCEEDED, case let .download(_, _, limit, _) = mode { return oversizeDownload(limit) }
        var context = CurlErrorDescription.Context(host: hostName, proxy: proxy, headComplete: state.headComplete)
        if case let .stream(limits, _) = mode { context.firstByteLimit = limits.firstByte }
        return CurlErrorDescription.apiError(for: failure, context: context)
    }

    /// Writes the rest of the download file, closes it and renames it into place on success, or removes it.
    private func finishDownload(_ state: inout CurlTransferState, error: (any Error)?) -> (any Error)? {
        guard case let .download(destination, temporaryPath, _, _) = mode, let file = state.file else { return error }
        state.file = nil
        var outcome = error
        if outcome == nil {
            do throws(StorageError) { try file.finish() } catch { outcome = error }
        } else {
            file.discard()
        }
        if let outcome {
            unlink(temporaryPath)
            return outcome
        }
        guard rename(temporaryPath, destination) == 0 else {
            let failure = StorageError.posix("rename", path: destination, code: errno)
            unlink(temporaryPath)
            return failure
        }
        return nil
    }
}
