/// The one case rule of Bricks' byte-level comparisons (header names, URL schemes): ASCII letters
/// match across case, nothing else does, and no Unicode folding is involved.
enum ASCIICase {
    /// Whether `a` and `b` are the same byte ignoring ASCII case: only letters differ by the 0x20
    /// bit alone ("@" and "`", "[" and "{" stay different).
    @inline(__always)
    static func equal(_ a: UInt8, _ b: UInt8) -> Bool {
        if a == b { return true }
        let lowered = a | 0x20
        return lowered == b | 0x20 && lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z")
    }

    /// Whether `a` and `b`, of the same length, hold the same bytes ignoring ASCII case: the one
    /// loop for header names and URL schemes, on contiguous bytes.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where !equal(a[index], b[index]) { return false }
        return true
    }
}
