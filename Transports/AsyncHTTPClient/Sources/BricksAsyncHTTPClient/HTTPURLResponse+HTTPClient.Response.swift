import AsyncHTTPClient
import Foundation
import NIOHTTP1
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPURLResponse {
    /// The status, headers and URL of an AsyncHTTPClient response, as `URLSession` reports them:
    /// a header that appears more than once (in any case) has its values joined with ", " under
    /// its first spelling. `nil` for a status outside 100...999, which `HTTPURLResponse` refuses.
    convenience init?(_ response: HTTPClient.Response, url: URL) {
        // This runs for every reply: one hash per header (the case-insensitive search for an
        // earlier spelling compares bytes), no string building for the usual HTTP versions.
        var fields: [String: String] = Dictionary(minimumCapacity: response.headers.count)
        for (name, value) in response.headers {
            if let spelling = Self.spelling(of: name, in: fields) {
                fields[spelling, default: ""] += ", " + value
            } else {
                fields[name] = value
            }
        }
        self.init(url: url, statusCode: Int(response.status.code), httpVersion: Self.text(of: response.version), headerFields: fields)
    }

    /// The key of `fields` that is `name` in any case, or `nil`. Compares ASCII bytes without
    /// allocating or hashing.
    private static func spelling(of name: String, in fields: [String: String]) -> String? {
        let length = name.utf8.count
        return fields.keys.first { key in
            key.utf8.count == length && key.utf8.elementsEqual(name.utf8) { lowercased($0) == lowercased($1) }
        }
    }

    /// `HTTP/1.1` and the like.
    private static func text(of version: HTTPVersion) -> String {
        switch (version.major, version.minor) {
        case (1, 1): "HTTP/1.1"
        case (2, 0): "HTTP/2.0"
        case (1, 0): "HTTP/1.0"
        default: "HTTP/\(version.major).\(version.minor)"
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
