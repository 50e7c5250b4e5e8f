// Start-up floor for `make bench`: a Swift program that loads Foundation and FoundationNetworking
// (libcurl and its TLS stack come with it) and touches URLSession once, without any request.
import Foundation
import FoundationNetworking

print("hello \(URLSessionConfiguration.default.timeoutIntervalForRequest > 0)")
