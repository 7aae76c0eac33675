extension URLSessionTransport {
    /// Whether `URLSession` here is swift-corelibs-foundation's FoundationNetworking (Linux,
    /// Windows, Android; libcurl underneath) rather than Apple's. The one question the transport
    /// settles at compile time: the code for both compiles everywhere and branches on this at run
    /// time, so that every line of it is compiled on Linux (Docs/Linux.md, "Lines compiled on
    /// Apple platforms only").
    #if canImport(FoundationNetworking)
    static let runsOnFoundationNetworking = true
    #else
    static let runsOnFoundationNetworking = false
    #endif
}
