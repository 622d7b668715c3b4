/// C# finalizers logged by name: `~CartViewController()` is the instance's dealloc.
enum CSharpFinalizerDialect: Dialect {
    static let description = DialectDescription(
        identifier: "csharp-finalizer",
        summary: "a C# finalizer, `~Class()`: the instance's dealloc",
        samples: [
            DialectSample("~CartViewController()", .callback(.dealloc, controller: "CartViewController")),
            DialectSample("GC: ~CartViewController()", .callback(.dealloc, controller: "CartViewController")),
        ])

    /// The dealloc of the word `b[start..<end]`, which follows a `~`.
    static func event(_ b: Bytes, _ start: Int, _ end: Int, _ range: Range<Int>, _ names: inout ControllerNames) -> RecognizedEvent? {
        guard b.matches("()", at: end), start - 1 == range.lowerBound || b[start - 2] == ASCII.space else { return nil }
        return RecognizedEvent(kind: .callback(.dealloc), controller: ControllerRef(name: names.intern(b, start..<end)), argument: nil)
    }
}
