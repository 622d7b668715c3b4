/// C# finalizers logged by name: `~CartViewController()` is the instance's dealloc.
enum CSharpFinalizerDialect: Dialect {
    static let description = DialectDescription(
        identifier: "csharp-finalizer",
        summary: "a C# finalizer, `~Class()` (or `~CartViewController` alone): the instance's dealloc",
        samples: [
            DialectSample("~CartViewController()", .callback(.dealloc, controller: "CartViewController")),
            DialectSample("GC: ~CartViewController()", .callback(.dealloc, controller: "CartViewController")),
            DialectSample("~CartViewController", .callback(.dealloc, controller: "CartViewController")),
            DialectSample("~CartViewController: finalized", .callback(.dealloc, controller: "CartViewController")),
            DialectSample("took ~Cart 5 ms", .other),
        ])

    /// The dealloc of the word `b[start..<end]`, which follows a `~`.
    /// Without `()` the name must read as a controller's and end the message or a word (`~CartViewController`).
    static func event(_ b: Bytes, _ start: Int, _ end: Int, _ range: Range<Int>, _ names: inout ControllerNames) -> RecognizedEvent? {
        guard start - 1 == range.lowerBound || b[start - 2] == ASCII.space else { return nil }
        let called = end + 1 < range.upperBound && b.matches("()", at: end)
        let named = (end == range.upperBound || ASCII.isBlank(b[end]) || b[end] == ASCII.colon)
            && ControllerRefParser.looksLikeController(UnsafeBufferPointer(rebasing: b[start..<end]))
        guard called || named else { return nil }
        return RecognizedEvent(kind: .callback(.dealloc), controller: ControllerRef(interned: names.name(b, start..<end)), argument: nil)
    }
}
