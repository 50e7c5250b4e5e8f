// The writing feature's service for this run (`/improve`), over the app backend client.
import Foundation
import LyraKit

extension AppServices {
    /// The one `WritingService` of this run.
    /// - Throws: `APIError.missingBaseURL`/`.insecureURL` or configuration errors.
    public func writingService() throws -> WritingService {
        try shared(WritingService.self) { WritingService(backend: try apiClient()) }
    }
}
