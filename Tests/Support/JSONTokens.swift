import Foundation

/// JSON text split into its tokens, kept as written (strings with their quotes and escapes,
/// numbers as their digits, whitespace runs), and read into a tree: enough to compare two
/// encoders' outputs token by token or, when object members may come in any order, member by
/// member.
public enum JSONTokens {
    /// One token.
    public enum Token: Equatable, Sendable {
        case string(String)
        case number(String)
        case literal(String)
        case punctuation(UInt8)
        case whitespace(String)
    }

    /// A value read from tokens; an object's members sorted by key.
    public indirect enum Tree: Sendable {
        case scalar(Token)
        case array([Tree])
        case object([(key: String, value: Tree)])
    }

    /// The tokens of `data`, or `nil` when it is not made of JSON tokens.
    public static func tokens(_ data: Data) -> [Token]? {
        let bytes = [UInt8](data)
        var tokens: [Token] = []
        var index = 0
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        while index < bytes.count {
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                index += 1
                tokens.append(.string(text(start..<index)))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
                tokens.append(.number(text(start..<index)))
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
                tokens.append(.literal(text(start..<index)))
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                while index < bytes.count, " \n\t\r".utf8.contains(bytes[index]) { index += 1 }
                tokens.append(.whitespace(text(start..<index)))
            case let byte where "[]{},:".utf8.contains(byte):
                index += 1
                tokens.append(.punctuation(byte))
            default:
                return nil
            }
        }
        return tokens
    }

    /// The tree of `tokens` (whitespace skipped), or `nil` when they are not one JSON value.
    public static func tree(_ tokens: [Token]) -> Tree? {
        var reader = tokens.filter { if case .whitespace = $0 { false } else { true } }[...]
        guard let tree = read(&reader), reader.isEmpty else { return nil }
        return tree
    }

    private static func read(_ tokens: inout ArraySlice<Token>) -> Tree? {
        guard let first = tokens.popFirst() else { return nil }
        switch first {
        case .punctuation(UInt8(ascii: "[")):
            var elements: [Tree] = []
            if tokens.first == .punctuation(UInt8(ascii: "]")) { tokens.removeFirst(); return .array([]) }
            while true {
                guard let element = read(&tokens) else { return nil }
                elements.append(element)
                switch tokens.popFirst() {
                case .punctuation(UInt8(ascii: ",")): continue
                case .punctuation(UInt8(ascii: "]")): return .array(elements)
                default: return nil
                }
            }
        case .punctuation(UInt8(ascii: "{")):
            var members: [(key: String, value: Tree)] = []
            if tokens.first == .punctuation(UInt8(ascii: "}")) { tokens.removeFirst(); return .object([]) }
            while true {
                guard case .string(let key) = tokens.popFirst(), tokens.popFirst() == .punctuation(UInt8(ascii: ":")),
                    let value = read(&tokens)
                else { return nil }
                members.append((key, value))
                switch tokens.popFirst() {
                case .punctuation(UInt8(ascii: ",")): continue
                case .punctuation(UInt8(ascii: "}")):
                    return .object(members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
                default: return nil
                }
            }
        case .string, .number, .literal:
            return .scalar(first)
        default:
            return nil
        }
    }

    /// Where `bricks` and `foundation` differ other than in a number that reads back as the same
    /// `Double`, bit for bit, and is written by `bricks` as a floating-point number (with a point
    /// or an exponent). Empty when they agree.
    public static func differences(_ bricks: Tree, _ foundation: Tree, at path: String = "$") -> [String] {
        switch (bricks, foundation) {
        case (.scalar(let mine), .scalar(let theirs)):
            if mine == theirs { return [] }
            if case .number(let mine) = mine, case .number(let theirs) = theirs {
                return numberDifference(mine, theirs).map { ["\(path): \($0)"] } ?? []
            }
            return ["\(path): \(mine) vs \(theirs)"]
        case (.array(let mine), .array(let theirs)):
            guard mine.count == theirs.count else { return ["\(path): \(mine.count) vs \(theirs.count) elements"] }
            return zip(mine, theirs).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)[\($0)]") }
        case (.object(let mine), .object(let theirs)):
            guard mine.map(\.key) == theirs.map(\.key) else {
                return ["\(path): keys \(mine.map(\.key)) vs \(theirs.map(\.key))"]
            }
            return zip(mine, theirs).flatMap { differences($0.value, $1.value, at: "\(path).\($0.key)") }
        default:
            return ["\(path): \(bricks) vs \(foundation)"]
        }
    }

    /// Token by token: whitespace and every other token equal, numbers as ``differences(_:_:at:)``
    /// allows. For outputs whose object members come in one order (sorted keys).
    public static func tokenDifferences(_ bricks: [Token], _ foundation: [Token]) -> [String] {
        guard bricks.count == foundation.count else { return ["\(bricks.count) vs \(foundation.count) tokens"] }
        return zip(bricks, foundation).enumerated().compactMap { index, pair in
            if pair.0 == pair.1 { return nil }
            if case .number(let mine) = pair.0, case .number(let theirs) = pair.1 {
                return numberDifference(mine, theirs).map { "token \(index): \($0)" }
            }
            return "token \(index): \(pair.0) vs \(pair.1)"
        }
    }

    /// Why `mine` may not stand for `theirs`, or `nil` when it may.
    public static func numberDifference(_ mine: String, _ theirs: String) -> String? {
        guard let a = Double(mine), let b = Double(theirs), a.bitPattern == b.bitPattern else {
            return "\(mine) does not read back as \(theirs)"
        }
        guard isFloatingPoint(mine) else { return "\(mine) (for \(theirs)) is not written as a floating-point number" }
        return nil
    }

    /// Whether a number token reads as a floating-point number (has a point or an exponent).
    public static func isFloatingPoint(_ number: String) -> Bool {
        number.contains { $0 == "." || $0 == "e" || $0 == "E" }
    }
}
