import Foundation

/// Assembles a `multipart/form-data` body (RFC 7578) from parts.
///
/// The boundary is random and checked against every part's content, so no content can end a part
/// early. The body is built in one buffer sized up front: linear in the size of the parts.
enum MultipartBodyBuilder {
    /// The media type without its boundary.
    static let contentType = "multipart/form-data"

    /// How many boundaries are tried before giving up (each is fresh and random, so a second is
    /// already improbable).
    static let boundaryAttempts = 8

    /// The body for `parts`, framed with a boundary from `makeBoundary` that occurs in none of them.
    /// - Throws: ``BricksError/Reason/invalidRequest(_:)`` for a part without a name or with a content type
    ///   that is not a valid header value, or when every boundary tried occurs in the content.
    static func body(
        for parts: [MultipartFormPart], makeBoundary: () -> String = randomBoundary
    ) throws(BricksError) -> Data {
        try requestBody(for: parts, makeBoundary: makeBoundary).data ?? Data()
    }

    /// The body for `parts` with its content type, `multipart/form-data; boundary=…` (or
    /// `contentType`'s media type when given), naming the boundary it was framed with.
    static func requestBody(
        for parts: [MultipartFormPart], contentType: String? = nil, makeBoundary: () -> String = randomBoundary
    ) throws(BricksError) -> RequestBody {
        var headers: [[UInt8]] = []
        headers.reserveCapacity(parts.count)
        for (index, part) in parts.enumerated() {
            headers.append(try header(of: part, index: index))
        }
        let boundary = try boundary(absentFrom: parts, makeBoundary: makeBoundary)

        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [0x0D, 0x0A]
        var size = delimiter.count + 4
        for (part, header) in zip(parts, headers) { size += delimiter.count + 2 + header.count + part.data.count + 2 }
        var body = Data(capacity: size)
        for (part, header) in zip(parts, headers) {
            body.append(contentsOf: delimiter)
            body.append(contentsOf: crlf)
            body.append(contentsOf: header)
            body.append(part.data)
            body.append(contentsOf: crlf)
        }
        body.append(contentsOf: delimiter)
        body.append(contentsOf: Array("--\r\n".utf8))
        let type = contentType.map { $0.contains("boundary=") ? $0 : $0 + "; boundary=" + boundary }
        return RequestBody(body, contentType: type ?? Self.contentType + "; boundary=" + boundary)
    }

    /// The header lines of a part, ending with the blank line before its content.
    private static func header(of part: MultipartFormPart, index: Int) throws(BricksError) -> [UInt8] {
        guard !part.name.isEmpty else {
            throw .invalidRequest(
                "multipart part \(index + 1) has an empty name; every part needs the form field name the server "
                    + "reads it by")
        }
        var text = "Content-Disposition: form-data; name=\"\(escape(part.name))\""
        if let filename = part.filename { text += "; filename=\"\(escape(filename))\"" }
        text += "\r\n"
        if let contentType = part.contentType {
            do {
                try HeaderValidation.validate(name: "Content-Type", value: contentType)
            } catch {
                throw .invalidRequest("multipart part \"\(part.name)\" has a content type with a line break")
            }
            text += "Content-Type: \(contentType)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// A name or file name made safe inside a quoted header parameter, as browsers do (WHATWG HTML
    /// "multipart/form-data encoding algorithm"): `"` , CR and LF are percent-encoded; other
    /// characters, including non-ASCII ones, are sent as UTF-8.
    static func escape(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return value }
        var escaped = ""
        for character in value.unicodeScalars {
            switch character {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    private static func boundary(
        absentFrom parts: [MultipartFormPart], makeBoundary: () -> String
    ) throws(BricksError) -> String {
        for _ in 0..<boundaryAttempts {
            let boundary = makeBoundary()
            let needle = Array(boundary.utf8)
            if !parts.contains(where: { occurs(needle, in: $0.data) }) { return boundary }
        }
        throw .invalidRequest("no multipart boundary could be found that does not occur in the content")
    }

    /// `Bricks-` and 32 random letters and digits: 190 bits of chance, within RFC 2046's 70 characters.
    static func randomBoundary() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        var bytes = Array("Bricks-".utf8)
        for _ in 0..<32 { bytes.append(alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `needle` occurs anywhere in `data`.
    static func occurs(_ needle: [UInt8], in data: Data) -> Bool {
        guard let first = needle.first, data.count >= needle.count else { return false }
        return data.withUnsafeBytes { (haystack: UnsafeRawBufferPointer) -> Bool in
            let last = haystack.count - needle.count
            var index = 0
            while index <= last {
                if haystack[index] == first {
                    var offset = 1
                    while offset < needle.count && haystack[index + offset] == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// Boundary characters that need no quoting in a `Content-Type` parameter (a subset of RFC 2046's).
    private static let boundaryCharacters = PercentEncoding(unreservedAnd: "'+_.-")
}
