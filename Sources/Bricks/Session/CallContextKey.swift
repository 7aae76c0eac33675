/// A key for a value of your own in a ``CallContext``: a setting an endpoint gives a middleware
/// (in ``RequestType/configure(_:)``), or a value middleware store to cooperate. It travels with
/// the call to every layer below and to the transport.
///
/// ```swift
/// nonisolated enum TraceID: CallContextKey { static let defaultValue = "" }
///
/// struct GetTrace: APIRequest, GETRequestType, DataResponseType {
///     var path: String { "/trace" }
///     func configure(_ context: inout CallContext) { context[TraceID.self] = "abc" }
/// }
/// ```
public protocol CallContextKey {
    /// The type of the stored value.
    associatedtype Value: Sendable
    /// The value read when none has been stored.
    static var defaultValue: Value { get }
}
