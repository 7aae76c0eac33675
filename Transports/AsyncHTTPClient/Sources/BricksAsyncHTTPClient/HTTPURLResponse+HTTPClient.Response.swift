import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPURLResponse {
    /// The status, headers and URL of an AsyncHTTPClient response, as `URLSession` reports them:
    /// a header that appears more than once (in any case) has its values joined with ", " under
    /// its first spelling. `nil` for a status outside 100...999, which `HTTPURLResponse` refuses.
    convenience init?(_ response: HTTPClient.Response, url: URL) {
        var fields: [String: String] = Dictionary(minimumCapacity: response.headers.count)
        for (name, value) in response.headers {
            let spelling = fields[name] == nil ? Self.spelling(of: name, in: fields) : name
            if let previous = fields[spelling] {
                fields[spelling] = previous + ", " + value
            } else {
                fields[spelling] = value
            }
        }
        let version = "HTTP/\(response.version.major).\(response.version.minor)"
        self.init(url: url, statusCode: Int(response.status.code), httpVersion: version, headerFields: fields)
    }

    /// The key of `fields` that is `name` in another case, or `name` itself. Compares ASCII bytes
    /// without allocating: this runs for every header of every reply.
    private static func spelling(of name: String, in fields: [String: String]) -> String {
        let length = name.utf8.count
        return fields.keys.first { key in
            key.utf8.count == length && key.utf8.elementsEqual(name.utf8) { lowercased($0) == lowercased($1) }
        } ?? name
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
