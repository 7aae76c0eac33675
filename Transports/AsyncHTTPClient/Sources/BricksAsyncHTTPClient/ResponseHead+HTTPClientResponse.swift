import AsyncHTTPClient
import Bricks
import Foundation
import NIOHTTP1

extension ResponseHead {
    /// The head of an AsyncHTTPClient response: every field in order, repeated names kept. Linear
    /// in the number of fields.
    init(_ response: HTTPClientResponse, url: URL) {
        self.init(status: response.status, headers: response.headers, version: response.version, url: url)
    }

    /// The head AsyncHTTPClient's delegate API received.
    init(_ head: HTTPResponseHead, url: URL) {
        self.init(status: head.status, headers: head.headers, version: head.version, url: url)
    }

    private init(status: HTTPResponseStatus, headers: HTTPHeaders, version: HTTPVersion, url: URL) {
        var fields: [HeaderField] = []
        fields.reserveCapacity(headers.count)
        for (name, value) in headers { fields.append(HeaderField(name: name, value: value)) }
        self.init(
            statusCode: Int(status.code), headerFields: HeaderFields(fields), url: url,
            httpVersion: Self.text(of: version))
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

extension ResponseHead {
    /// Refuses a head with a field that was not UTF-8 on the wire: SwiftNIO reads such bytes as
    /// U+FFFD, where URLSession cannot read the line at all, so both transports refuse it alike
    /// (Docs/Linux.md, "Hostile servers"). Linear in the header bytes.
    /// - Throws: ``BricksError`` with `.invalidResponse` naming the field.
    func requireUTF8Fields() throws(BricksError) {
        for field in headerFields where Self.hasReplacementCharacter(field.name) || Self.hasReplacementCharacter(field.value) {
            throw BricksError(.invalidResponse(
                "the header field \"\(field.name)\" is not valid UTF-8 text (Bricks refuses it on every transport)"))
        }
    }

    /// Whether `text` holds U+FFFD, found as its UTF-8 bytes EF BF BD in one scan of the
    /// contiguous bytes SwiftNIO's strings have.
    private static func hasReplacementCharacter(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index + 2 < bytes.count {
                if bytes[index] == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBD { return true }
                index += 1
            }
            return false
        } ?? text.unicodeScalars.contains("\u{FFFD}")
    }
}
