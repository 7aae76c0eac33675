/// The secret header names of the exchange under way, for the transports of this package that
/// write exchanges down (`RecordingTransport` in BricksTesting).
///
/// A transport does not see the endpoint, so it cannot read ``RequestType/secretHeaderNames``
/// itself: the ``Session``'s core sets them here for the duration of each exchange.
package enum ExchangeSecrets {
    /// The lowercased header names the endpoint's API declares secret; empty outside an exchange,
    /// or when it declares none (`Authorization` and the other defaults are not listed here).
    @TaskLocal package static var headerNames: Set<String> = []
}
