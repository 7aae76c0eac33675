import Foundation

/// Turns an `Encodable` value into query items (or form fields), so parameters can be a typed
/// struct instead of a hand-built `[URLQueryItem]`.
///
/// The value must encode as keys and values: a struct, a class or a `[String: …]` dictionary.
/// Its `CodingKeys` become the names, which makes typed parameter keys free:
///
/// ```swift
/// struct SearchParameters: Encodable {
///     var query: String
///     var perPage: Int?
///     var labels: [String] = []
///     enum CodingKeys: String, CodingKey { case query = "q", perPage = "per_page", labels }
/// }
/// let items = try QueryEncoder().encode(SearchParameters(query: "bug", labels: ["a", "b"]))
/// // labels=a&labels=b&q=bug   (perPage is nil, so it is left out)
/// ```
///
/// Rules:
/// - Names come out sorted at every level, so the same value always gives the same query
///   (dictionaries have no order of their own). List elements keep their order.
/// - `nil` values are left out.
/// - Nested objects become `outer[inner]=value`; lists follow ``arrayEncoding``.
/// - `Bool` follows ``boolEncoding``, `Date` follows ``dateEncoding``; `Data` is Base64, `URL` its
///   absolute string, `Decimal` its description. `Double.nan` and infinities are refused.
///
/// Encoding options are plain values: make one encoder and reuse it, or change a copy.
public struct QueryEncoder: Sendable {
    /// How a list is written.
    public enum ArrayEncoding: Sendable {
        /// `a=1&a=2`: the name repeated (most servers, Go, Python, Spring). The default.
        case repeatedKey
        /// `a[]=1&a[]=2`: the name followed by empty brackets (Rails, PHP).
        case brackets
        /// `a[0]=1&a[1]=2`: the name followed by each element's index.
        case indexed
    }

    /// How a `Bool` is written.
    public enum BoolEncoding: Sendable {
        /// `true` and `false`. The default.
        case literal
        /// `1` and `0`.
        case numeric
    }

    /// How a `Date` is written.
    public enum DateEncoding: Sendable {
        /// ISO 8601 in UTC, such as `2024-05-01T12:00:00Z`. The default.
        case iso8601
        /// Seconds since 1970-01-01 UTC, such as `1714564800` (fractions kept when present).
        case secondsSince1970
        /// Whole milliseconds since 1970-01-01 UTC, such as `1714564800000`.
        case millisecondsSince1970
        /// Your own format.
        case custom(@Sendable (Date) throws -> String)
    }

    /// How lists are written. Default: ``ArrayEncoding/repeatedKey``.
    public var arrayEncoding: ArrayEncoding
    /// How booleans are written. Default: ``BoolEncoding/literal``.
    public var boolEncoding: BoolEncoding
    /// How dates are written. Default: ``DateEncoding/iso8601``.
    public var dateEncoding: DateEncoding

    /// Makes an encoder; every option has the default a typical REST API expects.
    public init(
        arrayEncoding: ArrayEncoding = .repeatedKey, boolEncoding: BoolEncoding = .literal,
        dateEncoding: DateEncoding = .iso8601
    ) {
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
        self.dateEncoding = dateEncoding
    }

    /// Encodes `value` into query items, names sorted, `nil` values left out.
    /// - Throws: `EncodingError.invalidValue` when `value` is not keyed (a bare number, string or
    ///   list), holds a non-finite number, or its own `encode(to:)` throws.
    public func encode<Value: Encodable>(_ value: Value) throws -> [URLQueryItem] {
        let root = QueryNode()
        try QueryTreeEncoder(node: root, options: self, codingPath: []).encodeValue(value)
        switch root.kind {
        case .empty:
            return []
        case .keyed:
            var items: [URLQueryItem] = []
            for key in root.children.keys.sorted() {
                if let child = root.children[key] { flatten(child, name: key, into: &items) }
            }
            return items
        case .scalar, .unkeyed:
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: [],
                    debugDescription: "QueryEncoder needs a value with named fields (a struct or a [String: …] "
                        + "dictionary) at the top level, because its keys become the query names; "
                        + "\(Value.self) encodes as a \(root.kind == .scalar ? "single value" : "list")"))
        }
    }

    /// Appends the pairs of `node` under `name`.
    private func flatten(_ node: QueryNode, name: String, into items: inout [URLQueryItem]) {
        switch node.kind {
        case .empty:
            return
        case .scalar:
            items.append(URLQueryItem(name: name, value: node.scalar))
        case .keyed:
            for key in node.children.keys.sorted() {
                if let child = node.children[key] { flatten(child, name: "\(name)[\(key)]", into: &items) }
            }
        case .unkeyed:
            for (index, element) in node.elements.enumerated() {
                switch arrayEncoding {
                case .repeatedKey: flatten(element, name: name, into: &items)
                case .brackets: flatten(element, name: name + "[]", into: &items)
                case .indexed: flatten(element, name: "\(name)[\(index)]", into: &items)
                }
            }
        }
    }

    /// The text of a `Bool` under ``boolEncoding``.
    func text(for value: Bool) -> String {
        switch boolEncoding {
        case .literal: value ? "true" : "false"
        case .numeric: value ? "1" : "0"
        }
    }

    /// The text of a `Date` under ``dateEncoding``.
    func text(for date: Date) throws -> String {
        switch dateEncoding {
        case .iso8601:
            return date.formatted(Self.iso8601)
        case .secondsSince1970:
            let seconds = date.timeIntervalSince1970
            return seconds.rounded() == seconds ? String(Int64(seconds)) : String(seconds)
        case .millisecondsSince1970:
            return String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        case .custom(let format):
            return try format(date)
        }
    }

    private static let iso8601 = Date.ISO8601FormatStyle()
}
