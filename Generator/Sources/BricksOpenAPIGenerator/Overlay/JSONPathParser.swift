/// Reads RFC 9535's grammar into a ``JSONPath/Query``, one character (Unicode scalar) at a time.
/// An error names the character where the text stops being a query, and for the mistakes
/// overlays are written with (`.x-logo`, `.paths./users`) the spelling that works.
struct JSONPathParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The absolute query `text` holds, all of it.
    static func parse(_ text: String) throws(JSONPathError) -> JSONPath.Query {
        var parser = JSONPathParser(text)
        guard parser.peek == "$" else {
            throw parser.failure(parser.peek == nil ? "the query is empty: it starts with `$`, the document's root" : "a query starts with `$`, the document's root")
        }
        let query = try parser.query()
        parser.skipBlanks()
        if let extra = parser.peek { throw parser.failure("unexpected `\(extra)` after the query") }
        return query
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? { index &+ offset < scalars.count ? scalars[index &+ offset] : nil }

    private func failure(_ message: String, at position: Int? = nil) -> JSONPathError {
        JSONPathError(position: (position ?? index) &+ 1, message: message)
    }

    private mutating func skipBlanks() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { index &+= 1 }
    }

    private mutating func expect(_ scalar: Unicode.Scalar, _ message: String) throws(JSONPathError) {
        guard peek == scalar else { throw failure(message) }
        index &+= 1
    }

    private func text(from start: Int) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[start..<index])
        return result
    }

    // MARK: - Queries and segments

    /// `$` or `@`, then segments (blanks are allowed between them).
    private mutating func query() throws(JSONPathError) -> JSONPath.Query {
        let isRelative = peek == "@"
        index &+= 1
        var segments: [JSONPath.Segment] = []
        while true {
            let save = index
            skipBlanks()
            guard peek == "." || peek == "[" else {
                index = save
                break
            }
            segments.append(try segment())
        }
        return JSONPath.Query(isRelative: isRelative, segments: segments)
    }

    private mutating func segment() throws(JSONPathError) -> JSONPath.Segment {
        let start = index
        if peek == "[" {
            let selectors = try bracketed()
            return JSONPath.Segment(selectors: selectors, isDescendant: false, text: text(from: start))
        }
        index &+= 1  // `.`
        let isDescendant = peek == "."
        if isDescendant {
            index &+= 1
            if peek == "[" {
                let selectors = try bracketed()
                return JSONPath.Segment(selectors: selectors, isDescendant: true, text: text(from: start))
            }
        }
        let selector: JSONPath.Selector
        if peek == "*" {
            index &+= 1
            selector = .wildcard
        } else {
            selector = .name(try shorthandName(after: isDescendant ? ".." : "."))
        }
        return JSONPath.Segment(selectors: [selector], isDescendant: isDescendant, text: text(from: start))
    }

    /// A name after `.`: a letter, `_` or a non-ASCII character, then those or digits.
    private mutating func shorthandName(after dot: String) throws(JSONPathError) -> String {
        let start = index
        while let scalar = peek, Self.isNameCharacter(scalar), index > start || !("0"..."9").contains(scalar) { index &+= 1 }
        // Characters of path keys and extension names (`/users/{id}`, `x-logo`) that a `.name` cannot hold.
        let isInName = peek.map { "-/{}~:+%#".unicodeScalars.contains($0) } ?? false
        guard index > start, !isInName else {
            // Read what was meant up to the next `.` or `[`, to show how to write it.
            var end = index
            while end < scalars.count, scalars[end] != ".", scalars[end] != "[" { end &+= 1 }
            var meant = ""
            meant.unicodeScalars.append(contentsOf: scalars[start..<end])
            guard !meant.isEmpty else { throw failure("a name or `*` is expected after `\(dot)`") }
            let quoted = meant.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            let bracket = dot == ".." ? "..['\(quoted)']" : "['\(quoted)']"
            throw failure(
                "`\(dot)\(meant)`: a name after `\(dot)` is letters, digits and `_` (not starting with a digit); write `\(bracket)`",
                at: start)
        }
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars[start..<index])
        return name
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x30...0x39: return true
        case 0x80...0xD7FF, 0xE000...0x10FFFF: return true
        default: return false
        }
    }

    /// `[selector, selector…]`.
    private mutating func bracketed() throws(JSONPathError) -> [JSONPath.Selector] {
        index &+= 1  // `[`
        var selectors: [JSONPath.Selector] = []
        while true {
            skipBlanks()
            selectors.append(try selector())
            skipBlanks()
            if peek == "," {
                index &+= 1
                continue
            }
            try expect("]", peek == nil ? "the query ends inside `[…]`: `]` is missing" : "`,` or `]` is expected after a selector")
            return selectors
        }
    }

    private mutating func selector() throws(JSONPathError) -> JSONPath.Selector {
        switch peek {
        case "'", "\"": return .name(try stringLiteral())
        case "*":
            index &+= 1
            return .wildcard
        case "?":
            index &+= 1
            skipBlanks()
            return .filter(try logical())
        case let scalar? where scalar == "-" || scalar == ":" || ("0"..."9").contains(scalar):
            let start = scalar == ":" ? nil : try integer()
            skipBlanks()
            guard peek == ":" else {
                guard let start else { throw failure("an index is expected") }
                return .index(start)
            }
            index &+= 1
            skipBlanks()
            let end = peek.map { $0 == "-" || ("0"..."9").contains($0) } == true ? try integer() : nil
            skipBlanks()
            var step: Int?
            if peek == ":" {
                index &+= 1
                skipBlanks()
                step = peek.map { $0 == "-" || ("0"..."9").contains($0) } == true ? try integer() : nil
            }
            return .slice(start: start, end: end, step: step)
        case let scalar?:
            if Self.isNameCharacter(scalar) {
                let start = index
                while let next = peek, Self.isNameCharacter(next) || next == "-" || next == "/" { index &+= 1 }
                throw failure("`\(text(from: start))`: a name in brackets is quoted: write `['\(text(from: start))']`", at: start)
            }
            throw failure("`\(scalar)` does not start a selector (a quoted name, `*`, an index, a slice or a filter `?…`)")
        case nil:
            throw failure("the query ends inside `[…]`: `]` is missing")
        }
    }

    /// An integer of I-JSON's range, without leading zeros or `-0`.
    private mutating func integer() throws(JSONPathError) -> Int {
        let start = index
        if peek == "-" { index &+= 1 }
        let digitsStart = index
        while let scalar = peek, ("0"..."9").contains(scalar) { index &+= 1 }
        let digits = text(from: digitsStart)
        guard !digits.isEmpty else { throw failure("a digit is expected") }
        if digits.count > 1, digits.hasPrefix("0") { throw failure("an integer has no leading zero", at: start) }
        let written = text(from: start)
        if written == "-0" { throw failure("`-0` is not an index", at: start) }
        guard let value = Int(written), abs(value) <= 9_007_199_254_740_991 else {
            throw failure("`\(written)` is outside the integers a query may hold (±(2^53−1))", at: start)
        }
        return value
    }

    /// `'…'` or `"…"`, with JSON's escapes (and `\'` in single quotes).
    private mutating func stringLiteral() throws(JSONPathError) -> String {
        guard let quote = peek else { throw failure("a string is expected") }
        let start = index
        index &+= 1
        var result = ""
        while true {
            guard let scalar = peek else {
                throw failure("the string that starts here has no closing \(quote == "'" ? "`'`" : "`\"`")", at: start)
            }
            index &+= 1
            if scalar == quote { return result }
            if scalar.value < 0x20 { throw failure("a control character (U+\(String(scalar.value, radix: 16, uppercase: true))) in a string: escape it", at: index &- 1) }
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard let escaped = peek else { throw failure("the query ends after `\\`") }
            index &+= 1
            switch escaped {
            case "b": result += "\u{08}"
            case "f": result += "\u{0C}"
            case "n": result += "\n"
            case "r": result += "\r"
            case "t": result += "\t"
            case "/", "\\": result.unicodeScalars.append(escaped)
            case quote: result.unicodeScalars.append(escaped)
            case "u":
                var value = try hex4()
                if (0xD800...0xDBFF).contains(value) {
                    guard peek == "\\", peek(1) == "u" else { throw failure("a high surrogate `\\u\(String(value, radix: 16))` needs a low one after it") }
                    index &+= 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("`\\u\(String(low, radix: 16))` is not a low surrogate") }
                    value = 0x10000 &+ ((value &- 0xD800) << 10) &+ (low &- 0xDC00)
                } else if (0xDC00...0xDFFF).contains(value) {
                    throw failure("a low surrogate `\\u\(String(value, radix: 16))` without a high one before it")
                }
                guard let character = Unicode.Scalar(value) else { throw failure("`\\u` names no character") }
                result.unicodeScalars.append(character)
            default:
                throw failure("`\\\(escaped)` is not an escape (\\b \\f \\n \\r \\t \\/ \\\\ \\\(quote) \\uXXXX)", at: index &- 2)
            }
        }
    }

    private mutating func hex4() throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Int(String(scalar), radix: 16) else { throw failure("`\\u` needs four hexadecimal digits") }
            value = value << 4 | UInt32(digit)
            index &+= 1
        }
        return value
    }

    // MARK: - Filters

    private mutating func logical() throws(JSONPathError) -> JSONPath.Filter {
        depth &+= 1
        defer { depth &-= 1 }
        guard depth < 64 else { throw failure("the filter nests too deep") }
        var terms = [try conjunction()]
        while joined(by: "|") { terms.append(try conjunction()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func conjunction() throws(JSONPathError) -> JSONPath.Filter {
        var terms = [try basic()]
        while joined(by: "&") { terms.append(try basic()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    /// Reads `||` or `&&` (the symbol twice) and the blanks around it, if that comes next.
    private mutating func joined(by symbol: Unicode.Scalar) -> Bool {
        let save = index
        skipBlanks()
        guard peek == symbol, peek(1) == symbol else {
            index = save
            return false
        }
        index &+= 2
        skipBlanks()
        return true
    }

    private mutating func basic() throws(JSONPathError) -> JSONPath.Filter {
        if peek == "!", peek(1) != "=" {
            index &+= 1
            skipBlanks()
            if peek == "(" { return .not(try parenthesized()) }
            let start = index
            guard case .query(let query) = try operand() else { throw failure("`!` applies to a query or to `(…)`", at: start) }
            return .not(.exists(query))
        }
        if peek == "(" { return try parenthesized() }
        let start = index
        let left = try operand()
        let save = index
        skipBlanks()
        guard let comparison = comparison() else {
            index = save
            guard case .query(let query) = left else { throw failure("a value alone is not a test: compare it (`@.in == 'query'`)", at: start) }
            return .exists(query)
        }
        skipBlanks()
        let rightStart = index
        let right = try operand()
        for (operand, position) in [(left, start), (right, rightStart)] {
            if case .query(let query) = operand, !query.isSingular {
                throw failure("a comparison reads one value: its query may hold names and indices only (no `*`, `..`, slice or filter)", at: position)
            }
        }
        return .compare(left, comparison, right)
    }

    private mutating func parenthesized() throws(JSONPathError) -> JSONPath.Filter {
        index &+= 1  // `(`
        skipBlanks()
        let inner = try logical()
        skipBlanks()
        try expect(")", "`)` is expected")
        return inner
    }

    private mutating func comparison() -> JSONPath.Comparison? {
        for candidate in [JSONPath.Comparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater] {
            let symbol = Array(candidate.rawValue.unicodeScalars)
            if symbol.enumerated().allSatisfy({ peek($0.offset) == $0.element }) {
                index &+= symbol.count
                return candidate
            }
        }
        return nil
    }

    /// A literal (string, number, `true`, `false`, `null`) or a query (`@…`, `$…`).
    private mutating func operand() throws(JSONPathError) -> JSONPath.Operand {
        switch peek {
        case "@", "$": return .query(try query())
        case "'", "\"": return .literal(.string(try stringLiteral()))
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar): return .literal(.number(try number()))
        case let scalar? where ("a"..."z").contains(scalar):
            let start = index
            while let next = peek, ("a"..."z").contains(next) || ("0"..."9").contains(next) || next == "_" { index &+= 1 }
            let word = text(from: start)
            if peek == "(" {
                throw failure("the JSONPath function `\(word)()` is not supported (comparisons, existence tests, `!`, `&&` and `||` are)", at: start)
            }
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default: throw failure("`\(word)` is not a value: quote a string (`'\(word)'`), or start a query with `@`", at: start)
            }
        case let scalar?:
            throw failure("`\(scalar)` does not start a value or a query")
        case nil:
            throw failure("the query ends inside a filter")
        }
    }

    /// A JSON number, kept as written.
    private mutating func number() throws(JSONPathError) -> String {
        let start = index
        if peek == "-" { index &+= 1 }
        let integerStart = index
        while let scalar = peek, ("0"..."9").contains(scalar) { index &+= 1 }
        let integerPart = text(from: integerStart)
        guard !integerPart.isEmpty else { throw failure("a digit is expected") }
        if integerPart.count > 1, integerPart.hasPrefix("0") { throw failure("a number has no leading zero", at: start) }
        if peek == ".", peek(1).map({ ("0"..."9").contains($0) }) == true {
            index &+= 1
            while let scalar = peek, ("0"..."9").contains(scalar) { index &+= 1 }
        }
        if peek == "e" || peek == "E" {
            index &+= 1
            if peek == "+" || peek == "-" { index &+= 1 }
            let exponentStart = index
            while let scalar = peek, ("0"..."9").contains(scalar) { index &+= 1 }
            if index == exponentStart { throw failure("an exponent needs digits") }
        }
        return text(from: start)
    }
}
