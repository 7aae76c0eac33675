import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPURLResponse {
    /// The status, headers and URL of an AsyncHTTPClient response, as `URLSession` reports them:
    /// names keep the server's spelling, and a header that appears more than once (in any case)
    /// has its values joined with ", " under the first spelling.
    /// `nil` for a status outside 100...999, which `HTTPURLResponse` refuses.
    convenience init?(_ response: HTTPClientResponse, url: URL) {
        var fields: [String: String] = [:]
        var spellings: [String: String] = [:]  // lower-cased name → first spelling
        for (name, value) in response.headers {
            let key = name.lowercased()
            if let spelling = spellings[key], let previous = fields[spelling] {
                fields[spelling] = previous + ", " + value
            } else {
                spellings[key] = name
                fields[name] = value
            }
        }
        let version = "HTTP/\(response.version.major).\(response.version.minor)"
        self.init(url: url, statusCode: Int(response.status.code), httpVersion: version, headerFields: fields)
    }
}
