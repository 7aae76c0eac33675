/// The mutable state of one stream reader (its parser, its line splitter, its count), shared by
/// the closures that make up the reader.
final class ReaderState<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
