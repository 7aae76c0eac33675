import FuzzDriver
import Foundation

/// The fuzz targets by name: each reads one input and crashes (through ``require(_:_:)``) when a
/// property of Bricks does not hold.
nonisolated(unsafe) let targets: [String: ([UInt8]) -> Void] = [
    "head": HeadTarget.run,
    "sse": ServerSentEventsTarget.run,
    "lines": LinesTarget.run,
    "link": LinkTarget.run,
    "cache": CacheTarget.run,
    "diskcache": DiskCacheTarget.run,
    "ratelimit": RateLimitTarget.run,
    "range": RangeTarget.run,
    "url": URLTarget.run,
    "header": HeaderTarget.run,
    "redaction": RedactionTarget.run,
    "encoders": EncodersTarget.run,
]

nonisolated(unsafe) var selected: ([UInt8]) -> Void = { _ in }

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let before = CPUTime.now()
    selected(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    CPUTime.check(since: before)
    return 0
}

/// `BricksFuzz TARGET [libFuzzer options and corpus directories…]`; `BricksFuzz list` prints the
/// targets' names.
@main
enum BricksFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = targets[arguments[1]] else {
            if arguments.count >= 2, arguments[1] == "list" {
                print(targets.keys.sorted().joined(separator: "\n"))
                exit(0)
            }
            FileHandle.standardError.write(Data(
                "usage: BricksFuzz TARGET [libFuzzer options] [corpus…]\ntargets: \(targets.keys.sorted().joined(separator: " "))\n".utf8))
            exit(2)
        }
        selected = target
        CPUTime.reportAtExit()
        // libFuzzer sees the program name and the options after the target's name.
        var argv: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
        var argc = CInt(arguments.count - 1)
        argv.withUnsafeMutableBufferPointer { buffer in
            var pointer = buffer.baseAddress
            exit(LLVMFuzzerRunDriver(&argc, &pointer) { data, size in fuzzOne(data, size) })
        }
    }
}
