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
/// - `nil` values are left out (an empty list or object writes nothing either).
/// - Nested objects become `outer[inner]=value`; lists follow ``arrayEncoding``.
/// - Every value is written so that a standard reader gets back exactly what was given:
///   integers in full (`Int64.min`, `UInt64.max`); `Double` and `Float` as the shortest text that
///   reads back bit for bit, always with a point or an exponent (`2.0`, `0.1`, `5e-324`), so the
///   server does not see an integer; `Decimal` with every digit (`12.50` is `12.5`, the same
///   value); `Bool` as ``boolEncoding`` says; `Date` as ``dateEncoding`` says (by default to the
///   precision the `Date` holds); `UUID` as its uppercase string; `URL` as its absolute string;
///   `Data` as Base64.
/// - What has no such form is refused with an error rather than sent changed: `Double.nan`,
///   infinities, `Decimal.nan`, a date outside years 0000–9999 as ISO 8601, a `nil` inside a list,
///   and a list of lists or objects unless ``arrayEncoding`` is ``ArrayEncoding/indexed``.
///
/// Encoding options are plain values: make one encoder and reuse it, or change a copy.
public struct QueryEncoder: Sendable {
    /// How a list is written.
    ///
    /// ``repeatedKey`` and ``brackets`` carry lists of single values; a list of lists or of objects
    /// written that way would merge its elements' pairs (`a=1&a=2` for both `[[1], [2]]` and
    /// `[[1, 2]]`; Rails and PHP read `a[][x]=1&a[][y]=2` differently), so the encoder refuses it:
    /// use ``indexed`` for nested lists (`a[0][0]=1`, `a[1][x]=2`).
    public enum ArrayEncoding: Sendable {
        /// `a=1&a=2`: the name repeated (most servers, Go, Python, Spring). The default.
        case repeatedKey
        /// `a[]=1&a[]=2`: the name followed by empty brackets (Rails, PHP).
        case brackets
        /// `a[0]=1&a[1]=2`: the name followed by each element's index; lists and objects nest
        /// (`a[0][0]=1`, `a[1][name]=x`).
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
        /// ISO 8601 / RFC 3339 in UTC with the fraction the date holds, such as
        /// `2024-05-01T12:00:00Z` or `2027-01-15T08:00:00.82037Z`. The default.
        ///
        /// The fraction is the shortest that reads back as the same `Date`, bit for bit, up to nine
        /// digits: a date from a timestamp in microseconds keeps its microseconds, one from the
        /// clock its seven or so digits, a whole second has none. (Only a date within about 116 days
        /// of 2001-01-01 holds digits finer than a nanosecond; they are rounded.) Readers that keep
        /// less, such as Python's `datetime` (microseconds), cut the rest. Proleptic Gregorian
        /// calendar, years 0000–9999; other dates are refused.
        case iso8601
        /// Seconds since 1970-01-01 UTC as a decimal number, such as `1714564800` or
        /// `1714564800.8203701` (never an exponent).
        ///
        /// The number is `timeIntervalSince1970` with the shortest digits that read back as it, bit
        /// for bit. A `Date` counts from 2001, so the date a reader rebuilds from it may differ in
        /// the last bit: by at most about 0.1 µs for today's dates.
        case secondsSince1970
        /// Whole milliseconds since 1970-01-01 UTC, such as `1714564800000`.
        ///
        /// Loses precision: anything finer than a millisecond is rounded away.
        case millisecondsSince1970
        /// Your own format. Its precision is yours: `Date.ISO8601FormatStyle()`, for instance,
        /// drops the fraction, and `.iso8601(includingFractionalSeconds: true)` keeps milliseconds.
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
                if let child = root.children[key] { try flatten(child, name: key, into: &items) }
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
    /// - Throws: `EncodingError.invalidValue` for a list the chosen ``arrayEncoding`` cannot write so
    ///   that it reads back the same (see ``ArrayEncoding``).
    private func flatten(_ node: QueryNode, name: String, into items: inout [URLQueryItem]) throws {
        switch node.kind {
        case .empty:
            return
        case .scalar:
            items.append(URLQueryItem(name: name, value: node.scalar))
        case .keyed:
            for key in node.children.keys.sorted() {
                if let child = node.children[key] { try flatten(child, name: "\(name)[\(key)]", into: &items) }
            }
        case .unkeyed:
            for (index, element) in node.elements.enumerated() {
                try check(element, at: index, of: name)
                switch arrayEncoding {
                case .repeatedKey: try flatten(element, name: name, into: &items)
                case .brackets: try flatten(element, name: name + "[]", into: &items)
                case .indexed: try flatten(element, name: "\(name)[\(index)]", into: &items)
                }
            }
        }
    }

    /// Refuses a list element that would not read back as it was: one that writes nothing (`nil`,
    /// an empty list or object: the list would come back shorter), and, unless the list is
    /// ``ArrayEncoding/indexed``, a list or object (its pairs would merge with its neighbours').
    private func check(_ element: QueryNode, at index: Int, of name: String) throws {
        let problem: String
        if element.isBlank {
            problem = "is nil or empty, which a query cannot carry inside a list (the list would come back shorter)"
        } else if element.kind == .scalar || arrayEncoding == .indexed {
            return
        } else {
            problem = "is a list or an object, which only ArrayEncoding.indexed writes so that it reads back "
                + "the same (name[0][key]=…); use QueryEncoder(arrayEncoding: .indexed)"
        }
        throw EncodingError.invalidValue(
            name, .init(codingPath: [], debugDescription: "element \(index) of the list \"\(name)\" \(problem)"))
    }

    /// The text of a `Bool` under ``boolEncoding``.
    func text(for value: Bool) -> String {
        switch boolEncoding {
        case .literal: value ? "true" : "false"
        case .numeric: value ? "1" : "0"
        }
    }

    /// The text ``dateEncoding`` writes for `date`: for a date in a multipart field, a header, a
    /// path segment or a JSON body (through a `.custom` date strategy) that should read the same
    /// as in a query.
    ///
    /// ```swift
    /// let since = try QueryEncoder().text(for: Date(timeIntervalSince1970: 1_800_000_000.820370))
    /// // "2027-01-15T08:00:00.82037Z"
    /// ```
    /// - Throws: `EncodingError.invalidValue` when the date has no such text (see ``DateEncoding``),
    ///   or what a `.custom` format throws.
    public func text(for date: Date) throws -> String {
        try text(for: date, codingPath: [])
    }

    /// The text of a `Date` under ``dateEncoding``; errors name `codingPath`.
    func text(for date: Date, codingPath: [any CodingKey]) throws -> String {
        switch dateEncoding {
        case .iso8601:
            guard let text = ISO8601Timestamp.string(from: date) else {
                throw EncodingError.invalidValue(
                    // The seconds, not the `Date`: printing a `Date` this far out traps in Foundation.
                    date.timeIntervalSinceReferenceDate,
                    .init(
                        codingPath: codingPath,
                        debugDescription: "the date \(date.timeIntervalSinceReferenceDate) seconds from 2001-01-01 is "
                            + "not in years 0000-9999, which is all ISO 8601 writes with four digits; "
                            + "use .secondsSince1970 for it"))
            }
            return text
        case .secondsSince1970:
            let seconds = date.timeIntervalSince1970
            guard let exact = ExactDecimal(seconds) else { throw Self.notFinite(date, codingPath: codingPath) }
            return exact.plainText
        case .millisecondsSince1970:
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            // 2^63 is exact as a Double; anything at or beyond it does not fit in Int64.
            guard milliseconds.isFinite, milliseconds.magnitude < 0x1p63 else {
                throw Self.notFinite(date, codingPath: codingPath)
            }
            return String(Int64(milliseconds))
        case .custom(let format):
            return try format(date)
        }
    }

    /// The error for a date whose seconds are not a finite number (or too large to count).
    private static func notFinite(_ date: Date, codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            date.timeIntervalSinceReferenceDate,
            .init(
                codingPath: codingPath,
                debugDescription: "the date \(date.timeIntervalSinceReferenceDate) seconds from 2001-01-01 cannot be "
                    + "written as a number of seconds or milliseconds"))
    }
}
