import Foundation

/// The disk cache store reading its files: a corrupt, truncated or foreign file is refused (read
/// as a miss), never a crash; what it writes it reads back the same; a file whose metadata is
/// hostile JSON in a valid frame is served by the HTTP cache without a crash.
///
/// Input: a mode byte, then the file (modes 0-1), the JSON and bodies of a framed file (2-3, 7:
/// split at the first NUL), or variants to write (4-6).
enum DiskCacheTarget {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        // Serving (mode 7) writes a file and runs the cache: the slowest, so the rarest.
        switch input.number(below: 8) {
        case 0, 1:
            roundTrip(Lib.decodeCacheFile(input.rest()))
        case 2, 3:
            let json = input.piece(until: 0)
            roundTrip(Lib.decodeCacheFile(Lib.frameCacheFile(json: json, bodies: input.rest())))
        case 4, 5, 6:
            writeAndRead(&input)
        default:
            let json = input.piece(until: 0)
            let file = Lib.frameCacheFile(json: json, bodies: input.rest())
            let directory = scratchDirectory.appendingPathComponent("bricks-fuzz-\(getpid())")
            if let served = Lib.serveFromDisk(file: file, directory: directory), served.status != 599 {
                require(Lib.decodeCacheFile(file) != nil, "served \(served) from a file the store refuses")
                require(served.age.map { !$0.isEmpty && $0.allSatisfy(\.isNumber) } ?? false, "served Age \(String(describing: served.age))")
            }
        }
    }

    /// What the store read, written again, reads back the same.
    static func roundTrip(_ variants: [Lib.CachedVariant]?) {
        guard let variants, let file = Lib.encodeCacheFile(variants) else { return }
        require(Lib.decodeCacheFile(file) == variants, "variants \(variants) do not survive a write and a read")
    }

    /// Variants made from the input are written, read back the same, and refused once a byte of
    /// the file changes.
    static func writeAndRead(_ input: inout FuzzInput) {
        let flip = input.number(below: 65_536)
        var variants: [Lib.CachedVariant] = []
        for _ in 0..<(1 + input.number(below: 4)) {
            let fields = (0..<input.number(below: 4)).map { _ in [input.text(until: 0), input.text(until: 0)] }
            variants.append(Lib.CachedVariant(
                url: input.text(until: 0), status: 100 + input.number(below: 500), fields: fields,
                body: input.piece(until: 0xFF), freshness: Double(input.number(below: 65_536)) / 4,
                initialAge: Double(input.number(below: 65_536)) / 8))
        }
        guard var file = Lib.encodeCacheFile(variants) else { return require(false, "variants \(variants) cannot be written") }
        require(Lib.decodeCacheFile(file) == variants, "variants \(variants) do not survive a write and a read")
        file[flip % file.count] ^= 0x20
        require(Lib.decodeCacheFile(file) == nil, "a file with byte \(flip % file.count) changed was read")
        require(Lib.decodeCacheFile(Array(file.dropLast())) == nil, "a truncated file was read")
    }
}
