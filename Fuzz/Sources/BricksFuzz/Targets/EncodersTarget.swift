import Foundation

/// The form and multipart encoders: a form body decodes back to its fields, names sorted as the
/// query encoder promises; a multipart body read back part by part gives the parts, and its
/// boundary occurs in none of them.
///
/// Input: a mode byte, a boundary, then NUL-separated texts: fields, or parts (name, file name,
/// content type, content).
enum EncodersTarget {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let style = input.number(below: 3)
        // A boundary RFC 2046 allows (1 to 70 of its characters), as the builder's own are.
        let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=?")
        let boundary = "b" + String(input.text(until: 0).filter { allowed.contains($0) }.prefix(69))
        var texts = input.texts(separatedBy: 0, limit: 24)

        // Form: every field decodes back (a missing value is sent as empty).
        var items: [(String, String?)] = []
        var index = 0
        while index < texts.count {
            items.append((texts[index], index + 1 < texts.count ? texts[index + 1] : nil))
            index += 2
        }
        let body = Lib.formBody(items)
        let decoded = decodeForm(body)
        require(decoded.count == items.count, "\(items) gave \(decoded)")
        for (pair, item) in zip(decoded, items) {
            require(pair.0 == item.0 && pair.1 == (item.1 ?? ""), "\(item) encoded as \(String(decoding: body, as: UTF8.self)) decoded as \(pair)")
        }
        // The query encoder on a dictionary of lists: names sorted, each value once, in order.
        var dictionary: [String: [String]] = [:]
        for item in items { dictionary[item.0, default: []].append(item.1 ?? "") }
        if let encoded = Lib.queryItems(dictionary, style: style) {
            let values = encoded.map { $0.1 ?? "" }
            require(values.count == dictionary.values.reduce(0) { $0 + $1.count }, "\(dictionary) gave \(encoded)")
            // The dictionary's keys come out sorted (under `brackets` each with `[]` after it).
            let keys = encoded.map { style == 1 ? String($0.0.dropLast(2)) : $0.0 }
            require(keys == keys.sorted() || style == 2, "names not sorted: \(keys)")
        }

        // Multipart.
        var parts: [Lib.Part] = []
        while texts.count >= 4, parts.count < 4 {
            let piece = Array(texts.prefix(4))
            texts.removeFirst(4)
            parts.append(Lib.Part(name: piece[0], filename: piece[1].isEmpty ? nil : piece[1],
                                  contentType: piece[2].isEmpty ? nil : piece[2], data: Array(piece[3].utf8)))
        }
        guard !parts.isEmpty else { return }
        guard let made = Lib.multipart(parts, boundary: boundary) else {
            let refusable = parts.contains { $0.name.isEmpty || ($0.contentType.map { !Lib.headerIsValid(name: "Content-Type", value: $0) } ?? false) }
            return require(refusable, "multipart refused \(parts)")
        }
        let marker = "boundary="
        guard let range = made.contentType.range(of: marker) else { return require(false, "no boundary in \(made.contentType)") }
        let used = String(made.contentType[range.upperBound...])
        let read = readMultipart(made.body, boundary: used)
        require(read.count == parts.count, "\(parts.count) parts read back as \(read.count) with boundary \(used.debugDescription)")
        for (got, part) in zip(read, parts) {
            var header = "Content-Disposition: form-data; name=\"\(Lib.multipartEscape(part.name))\""
            if let filename = part.filename { header += "; filename=\"\(Lib.multipartEscape(filename))\"" }
            header += "\r\n"
            if let type = part.contentType { header += "Content-Type: \(type)\r\n" }
            require(got.header == header + "\r\n" && got.data == part.data, "part \(part) read back as \(got)")
        }
    }

    /// Fields of a form body, decoded: `+` is a space, then percent-decoding.
    static func decodeForm(_ body: [UInt8]) -> [(String, String)] {
        guard !body.isEmpty else { return [] }
        return body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { pair in
            let halves = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ bytes: ArraySlice<UInt8>) -> String {
                let text = String(decoding: bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
                return text.removingPercentEncoding ?? "<undecodable \(text)>"
            }
            return (decode(halves[0]), halves.count > 1 ? decode(halves[1]) : "<no =>")
        }
    }

    /// The parts of a multipart body by RFC 2046: after each delimiter line, header lines up to a
    /// blank line, then content up to CRLF and the next delimiter.
    static func readMultipart(_ body: [UInt8], boundary: String) -> [(header: String, data: [UInt8])] {
        let delimiter = Array("--\(boundary)".utf8)
        let next = Array("\r\n--\(boundary)".utf8)
        guard body.starts(with: delimiter + [0x0D, 0x0A]) else { return [] }
        var parts: [(String, [UInt8])] = []
        var position = delimiter.count + 2
        while let end = find(next, in: body, from: position) {
            let part = Array(body[position..<end])
            guard let blank = find(Array("\r\n\r\n".utf8), in: part, from: 0) else { return parts }
            parts.append((String(decoding: part[..<(blank + 4)], as: UTF8.self), Array(part[(blank + 4)...])))
            position = end + next.count
            if body[position...].starts(with: Array("--\r\n".utf8)) { return parts }
            guard body[position...].starts(with: [0x0D, 0x0A]) else { return parts }
            position += 2
        }
        return parts
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        return (start...(haystack.count - needle.count)).first { at in needle.indices.allSatisfy { haystack[at + $0] == needle[$0] } }
    }
}
