/// An HTTP request method, such as `GET` or `POST`.
///
/// An open set: the common methods are static members, and any other valid token can be made
/// with ``init(rawValue:)``, which rejects strings that are not HTTP tokens.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method name as sent on the wire, for example `"GET"`.
    public let rawValue: String

    /// Makes a method from its name, or returns `nil` when the name is not an HTTP token
    /// (empty, or containing spaces, control characters or separators).
    public init?(rawValue: String) {
        guard HeaderValidation.isToken(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(known: "GET")
    /// `HEAD`: read a resource's headers only.
    public static let head = HTTPMethod(known: "HEAD")
    /// `POST`: create or process.
    public static let post = HTTPMethod(known: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(known: "PUT")
    /// `PATCH`: change part of a resource.
    public static let patch = HTTPMethod(known: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(known: "DELETE")
    /// `OPTIONS`: ask what a resource supports.
    public static let options = HTTPMethod(known: "OPTIONS")
    /// `TRACE`: echo the request back.
    public static let trace = HTTPMethod(known: "TRACE")

    /// Whether sending the request twice has the same effect as sending it once (RFC 9110 §9.2.2).
    ///
    /// Retry and de-duplication only repeat or merge idempotent requests unless told otherwise.
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": true
        default: false
        }
    }

    /// Whether the method only reads (RFC 9110 §9.2.1): a cache keeps replies to safe methods and
    /// drops what it holds for a URL that an unsafe one changed.
    var isSafe: Bool {
        switch rawValue {
        case "GET", "HEAD", "OPTIONS", "TRACE": true
        default: false
        }
    }

    /// The method name, for example `"GET"`.
    public var description: String { rawValue }
}
