/// Header name and value validation, and `Set-Cookie` values split again after Foundation joined
/// them: a field accepted has a token for a name and no control character but a tab in its value;
/// cookies joined and split are the same cookies.
///
/// Input: NUL-separated texts, taken as name and value pairs; then the same texts as cookies.
enum HeaderTarget {
    static let tokenBytes = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let texts = input.texts(separatedBy: 0, limit: 16)
        var index = 0
        while index + 1 < texts.count {
            let (name, value) = (texts[index], texts[index + 1])
            index += 2
            let isToken = !name.isEmpty && name.utf8.allSatisfy(tokenBytes.contains)
            require(Lib.isToken(name) == isToken, "isToken(\(name.debugDescription)) = \(!isToken)")
            let valueIsClean = value.utf8.allSatisfy { ($0 >= 0x20 && $0 != 0x7F) || $0 == 0x09 }
            let valid = Lib.headerIsValid(name: name, value: value)
            require(valid == (isToken && valueIsClean), "\(name.debugDescription): \(value.debugDescription) valid: \(valid)")
            require(Lib.requestAccepts(name: name, value: value) == valid, "the request check disagrees on \(name.debugDescription): \(value.debugDescription)")
        }

        // Cookies with a token name and a value without commas or surrounding blanks.
        let cookies = texts.compactMap { text -> String? in
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, Lib.isToken(String(parts[0])) else { return nil }
            let value = parts[1].filter { $0 != "," }.trimmingCharacters(in: .whitespaces)
            return "\(parts[0])=\(value)"
        }
        if !cookies.isEmpty {
            let split = Lib.splitCookies(cookies.joined(separator: ", "))
            require(split == cookies, "cookies \(cookies) joined and split gave \(split)")
        }
        for text in texts.prefix(4) { _ = Lib.splitCookies(text) }
    }
}
