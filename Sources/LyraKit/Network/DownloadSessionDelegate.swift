// The session-level delegate that streams download bodies to disk chunk by chunk (task-level
// delegates are not called on Linux), so a video is never held whole in memory; other bodies are
// collected in memory up to a limit.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Receives the data of download tasks (tasks created without a completion handler) and writes it
/// to a temporary file beside the destination, renamed into place when the response completes.
final class DownloadSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// One download in flight.
    struct Job: Sendable {
        let pending: PendingURLTask<HTTPURLResponse>
        let destination: URL
        let temporaryPath: String
        let progress: @Sendable (Int64, Int64?) -> Void
        var file: PosixFile?
        var response: HTTPURLResponse?
        var errorBody = Data()
        var received: Int64 = 0
        var failure: StorageError?
    }

    private static let errorBodyLimit = 64 * 1024
    private let jobs = Mutex<[Int: Job]>([:])
    private let collections = Mutex<[Int: ResponseCollection]>([:])

    /// Registers a download task before it is resumed.
    func register(taskIdentifier: Int, job: Job) {
        jobs.withLock { $0[taskIdentifier] = job }
    }

    /// Registers a task whose body is collected in memory (bounded) before it is resumed.
    func register(taskIdentifier: Int, collection: ResponseCollection) {
        collections.withLock { $0[taskIdentifier] = collection }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let collected = collections.withLock { collections -> Bool in
            guard collections[dataTask.taskIdentifier] != nil else { return false }
            collections[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
            return true
        }
        if collected { return completionHandler(.allow) }
        let failed = jobs.withLock { jobs -> Bool in
            guard var job = jobs[dataTask.taskIdentifier] else { return false }
            Self.accept(response, into: &job)
            jobs[dataTask.taskIdentifier] = job
            return job.failure != nil
        }
        completionHandler(failed ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        if let kept = collections.withLock({ collections -> Bool? in
            // Mutated in place through the subscript: a copy would duplicate the body on every chunk.
            if collections[identifier]?.response == nil {
                collections[identifier]?.response = dataTask.response as? HTTPURLResponse
            }
            return collections[identifier]?.append(data)
        }) {
            if !kept { dataTask.cancel() }
            return
        }
        let report = jobs.withLock { jobs -> (@Sendable (Int64, Int64?) -> Void, Int64, Int64?)? in
            guard var job = jobs[dataTask.taskIdentifier] else { return nil }
            if job.response == nil, let response = dataTask.response { Self.accept(response, into: &job) }
            defer { jobs[dataTask.taskIdentifier] = job }
            guard let file = job.file else {
                if job.errorBody.count < Self.errorBodyLimit { job.errorBody.append(data.prefix(Self.errorBodyLimit)) }
                return nil
            }
            do throws(StorageError) {
                try file.writeAll(data)
            } catch {
                job.failure = error
                dataTask.cancel()
                return nil
            }
            job.received += Int64(data.count)
            let expected = job.response.map(\.expectedContentLength).flatMap { $0 > 0 ? $0 : nil }
            return (job.progress, job.received, expected)
        }
        if let (progress, received, expected) = report { progress(received, expected) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if var collection = collections.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) {
            if collection.response == nil { collection.response = task.response as? HTTPURLResponse }
            return collection.pending.finish(collection.outcome(error: error, url: task.originalRequest?.url))
        }
        guard let job = jobs.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        job.pending.finish(Self.complete(job, error: error, url: task.originalRequest?.url))
    }

    // MARK: - Private

    /// Opens the temporary file for a 2xx response; other statuses collect their body for the error.
    private static func accept(_ response: URLResponse, into job: inout Job) {
        guard job.response == nil, let http = response as? HTTPURLResponse else { return }
        job.response = http
        guard (200 ..< 300).contains(http.statusCode) else { return }
        do throws(StorageError) {
            job.file = try PosixFile.opening(job.temporaryPath, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o644)
        } catch {
            job.failure = error
        }
    }

    /// Closes the file and moves it into place, or removes it and reports the failure.
    private static func complete(_ job: Job, error: (any Error)?, url: URL?) -> Result<HTTPURLResponse, any Error> {
        let result = outcome(job, error: error, url: url)
        job.file?.closeFile()
        if case .success = result {
            if rename(job.temporaryPath, job.destination.standardizedFileURL.path) != 0 {
                let failure = StorageError.posix("save", path: job.destination.path, code: errno)
                unlink(job.temporaryPath)
                return .failure(failure)
            }
        } else {
            unlink(job.temporaryPath)
        }
        return result
    }

    private static func outcome(_ job: Job, error: (any Error)?, url: URL?) -> Result<HTTPURLResponse, any Error> {
        if let failure = job.failure { return .failure(failure) }
        if let error { return .failure(URLErrorDescription.apiError(for: error, url: url)) }
        guard let response = job.response else { return .failure(APIError.networkError("no HTTP response")) }
        if let mapped = HTTPStatusMapping.error(for: response, body: job.errorBody) { return .failure(mapped) }
        guard let file = job.file else { return .failure(APIError.networkError("no response body")) }
        do {
            try file.sync()
        } catch {
            return .failure(error)
        }
        return .success(response)
    }
}
