import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// The method, as sent (`GET` when unset).
    var methodName: String { httpMethod ?? "GET" }

    /// The path with its query, percent-encoded as sent (`/search?q=a%20b`), without scheme or host.
    var target: String {
        guard let url else { return "/" }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.path }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }

    /// `GET /search?q=a%20b`: how errors and unmatched replies name a request.
    var summary: String { "\(methodName) \(target)" }
}
