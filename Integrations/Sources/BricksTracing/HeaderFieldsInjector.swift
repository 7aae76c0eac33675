import Bricks
import Instrumentation

/// Writes the values an `Instrument` propagates (W3C `traceparent` and `tracestate`, baggage…)
/// into a request's header fields, replacing any field of the same name (in any case).
///
/// ```swift
/// var head = head
/// InstrumentationSystem.instrument.inject(span.context, into: &head.headerFields, using: HeaderFieldsInjector())
/// ```
///
/// A value that contains CR, LF or NUL would split the header (header injection): it is not
/// written.
public struct HeaderFieldsInjector: Injector {
    /// Makes an injector.
    public init() {}

    /// Sets the header field `key` of `fields` to `value`, in place of every field of that name.
    /// - Parameters:
    ///   - value: the value.
    ///   - key: the header field's name.
    ///   - fields: the header fields that receive it, such as a ``Bricks/RequestHead``'s.
    public func inject(_ value: String, forKey key: String, into fields: inout HeaderFields) {
        let forbidden: Set<Unicode.Scalar> = ["\r", "\n", "\0"]
        guard !value.unicodeScalars.contains(where: forbidden.contains),
            !key.unicodeScalars.contains(where: forbidden.contains)
        else { return }
        fields[key] = value
    }
}
