import Foundation
import Instrumentation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes the values an `Instrument` propagates (W3C `traceparent` and `tracestate`, baggage…)
/// into a request's header fields, replacing any field of the same name.
///
/// ```swift
/// InstrumentationSystem.instrument.inject(span.context, into: &request, using: URLRequestInjector())
/// ```
///
/// A value that contains CR, LF or NUL would split the header (header injection): it is not
/// written.
public struct URLRequestInjector: Injector {
    /// Makes an injector.
    public init() {}

    /// Sets the header field `key` of `request` to `value`.
    /// - Parameters:
    ///   - value: the value.
    ///   - key: the header field's name.
    ///   - request: the request that receives it.
    public func inject(_ value: String, forKey key: String, into request: inout URLRequest) {
        let forbidden: Set<Unicode.Scalar> = ["\r", "\n", "\0"]
        guard !value.unicodeScalars.contains(where: forbidden.contains),
            !key.unicodeScalars.contains(where: forbidden.contains)
        else { return }
        request.setValue(value, forHTTPHeaderField: key)
    }
}
