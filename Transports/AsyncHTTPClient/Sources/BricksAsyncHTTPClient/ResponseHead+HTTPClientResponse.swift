import AsyncHTTPClient
import Bricks
import Foundation
import NIOHTTP1

extension ResponseHead {
    /// The head of an AsyncHTTPClient response: every field in order, repeated names kept. Linear
    /// in the number of fields.
    init(_ response: HTTPClientResponse, url: URL) {
        var fields: [HeaderField] = []
        fields.reserveCapacity(response.headers.count)
        for (name, value) in response.headers { fields.append(HeaderField(name: name, value: value)) }
        self.init(
            statusCode: Int(response.status.code), headerFields: HeaderFields(fields), url: url,
            httpVersion: Self.text(of: response.version))
    }

    /// `HTTP/1.1` and the like, without string building for the usual versions.
    private static func text(of version: HTTPVersion) -> String {
        switch (version.major, version.minor) {
        case (1, 1): "HTTP/1.1"
        case (2, 0): "HTTP/2.0"
        case (1, 0): "HTTP/1.0"
        default: "HTTP/\(version.major).\(version.minor)"
        }
    }
}
