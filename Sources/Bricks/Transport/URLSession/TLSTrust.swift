import Foundation

/// Which servers' certificates a transport accepts over HTTPS.
///
/// By default (``system``) a transport trusts the operating system's roots. For a server whose
/// certificate a private CA signed, name that CA's certificate in ``trustRoots``: it then replaces
/// the system's roots for that transport. To accept only certain keys, list the base64 SHA-256 of
/// their SubjectPublicKeyInfo in ``pinnedPublicKeys``.
///
/// Not every transport can do both on every platform; one that cannot refuses the trust when it
/// is made (a ``BricksError`` that says why) rather than trusting more than asked. See
/// Docs/Security.md, "TLS trust".
///
/// ```swift
/// let trust = TLSTrust(trustRoots: [URL(fileURLWithPath: "/etc/myco/ca.pem")])
/// let transport = try URLSessionTransport(trust: trust)   // or AsyncHTTPClientTransport(trust: trust)
/// ```
public struct TLSTrust: Sendable, Equatable {
    /// PEM files of the certificate authorities to trust instead of the system's; empty: the system's.
    public var trustRoots: [URL]
    /// Base64 SHA-256 digests of the SubjectPublicKeyInfo (DER) of the keys accepted; empty: any key
    /// the roots vouch for. (`openssl x509 -in cert.pem -noout -pubkey | openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | base64`.)
    public var pinnedPublicKeys: [String]

    /// Makes a trust.
    /// - Parameters:
    ///   - trustRoots: PEM files of the certificate authorities to trust instead of the system's.
    ///   - pinnedPublicKeys: base64 SHA-256 digests of the SubjectPublicKeyInfo of the keys accepted.
    public init(trustRoots: [URL] = [], pinnedPublicKeys: [String] = []) {
        self.trustRoots = trustRoots
        self.pinnedPublicKeys = pinnedPublicKeys
    }

    /// The operating system's roots, no pins.
    public static let system = TLSTrust()

    /// Whether this is the system's trust, with nothing added.
    public var isSystem: Bool { trustRoots.isEmpty && pinnedPublicKeys.isEmpty }
}
