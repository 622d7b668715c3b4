// libFuzzer entry point for the line reader, the recogniser and the timeline engine. Not part of the package:
// Scripts/fuzz --libfuzzer compiles it together with LifelineKit's sources into one module (so it reaches the
// internal chunk parser) with `-sanitize=fuzzer,address`, and runs it on the sample traces and real-log fixtures.

/// Reads `data` as a trace three ways and stops the process (so libFuzzer keeps the input) when a property fails:
/// every line counted exactly once; the same counts whether the bytes come as one chunk or cut at a line
/// boundary; the engine's statistics agree with the parser's.
@_cdecl("LLVMFuzzerTestOneInput")
public func lifelineFuzzOneInput(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    var whole = ChunkParser()
    let parsed = whole.parse(Chunk(bytes: bytes))
    check(parsed.events.count + parsed.otherLines + parsed.unparseable.count == parsed.lineCount, "lines not accounted for")

    // Cut where a reader could: after the newline nearest the middle.
    let middle = bytes[..<(count / 2)].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    var split = ChunkParser()
    let first = split.parse(Chunk(bytes: Array(bytes[..<middle]))), second = split.parse(Chunk(bytes: Array(bytes[middle...])))
    check(first.lineCount + second.lineCount == parsed.lineCount, "lines counted differently when cut at a line boundary")
    check(first.events.count + second.events.count == parsed.events.count, "events read differently when cut at a line boundary")

    var stage = InOrderStage(engine: TraceAnalyzer(options: AnalysisOptions()).makeEngine(file: "fuzz", observer: .init { _ in }),
                             observer: .init { _ in })
    stage.take(Chunk(bytes: Array(bytes[..<middle])), first)
    stage.take(Chunk(bytes: Array(bytes[middle...])), second)
    let statistics = stage.finish()
    check(statistics.lines == parsed.lineCount, "the engine counted \(statistics.lines) lines, the parser \(parsed.lineCount)")
    check(statistics.events + statistics.otherLines + statistics.unparseableLines == statistics.lines, "statistics do not add up")
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz property failed: \(message())") }
}
