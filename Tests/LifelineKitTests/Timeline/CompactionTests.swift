import XCTest
@testable import LifelineKit

/// Instances at rest are kept compactly (`IdleInstance`), and that changes no finding: not its rule, line,
/// message, severity or evidence. (In debug builds every compaction also checks that the instance comes back
/// exactly as it went in.)
final class CompactionTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func traces() throws -> [URL] {
        let folders = [Self.root.appendingPathComponent("SampleTraces"),
                       Self.root.appendingPathComponent("Tests/LifelineKitTests/RealLogs/Fixtures")]
        return try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "log" }.sorted { $0.path < $1.path }
        }
    }

    func testCompactingAtEveryChanceChangesNoFinding() throws {
        let traces = try traces()
        XCTAssertGreaterThan(traces.count, 30)
        var eager = AnalysisOptions()
        eager.compactionThreshold = 1
        var eagerOnTwoThreads = eager  // the end of the trace then makes idle instances on a second thread (`IdleBatches`)
        eagerOnTwoThreads.parallelism = 2
        for trace in traces {
            let bytes = Array(try Data(contentsOf: trace))
            let usual = try TraceFixture.analyze(bytes: bytes).findings
            let compacted = try TraceFixture.analyze(bytes: bytes, options: eager).findings
            XCTAssertEqual(compacted.map(\.summaryForComparison), usual.map(\.summaryForComparison), trace.lastPathComponent)
            let onTwoThreads = try TraceFixture.analyze(bytes: bytes, options: eagerOnTwoThreads).findings
            XCTAssertEqual(onTwoThreads.map(\.summaryForComparison), usual.map(\.summaryForComparison), "\(trace.lastPathComponent), 2 threads")
        }
    }

    /// 200,000 controllers that each appear and disappear once and never log dealloc, as most apps log: the engine
    /// keeps at most a few hundred in full form, and each of the others costs under `bytesPerIdleInstanceBound`.
    func testTwoHundredThousandIdleInstancesStayCompact() {
        let engine = RuleEngine(rules: RuleRegistry.all.map { $0.init() }, settings: RuleSettings()) { _ in }
        let process = ProcessKey(name: "Shop", pid: 4021)
        var line = 0
        for number in 0..<200_000 {
            let ref = ControllerRef(name: number % 2 == 0 ? "Shop.ListViewController" : "Shop.DetailViewController",
                                    address: 0x7f00_0000_0000 + UInt64(number) * 0x200)
            for callback in [Callback.viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear] {
                line += 1
                let time = TraceTime(microseconds: 1_700_000_000_000_000 + Int64(line) * 1000, hasOffset: true)
                engine.consume(LifecycleEvent(line: line, time: time, process: process, thread: 1, kind: .callback(callback),
                                              controller: ref, argument: nil, text: "\(ref) \(callback.rawValue)"))
            }
        }
        let counts = engine.instanceCounts
        XCTAssertEqual(counts.full + counts.compact, 200_000)
        XCTAssertLessThan(counts.full, 1_024)
        XCTAssertLessThan(engine.retainedBytesPerIdleInstance, Self.bytesPerIdleInstanceBound)
        engine.finish()
    }

    /// The bound README states for an instance at rest: its 104-byte record, its share of the index (4 to 11
    /// bytes) and of the last, partly filled page of records.
    static let bytesPerIdleInstanceBound = 120.0
}

private extension Finding {
    var summaryForComparison: String {
        "\(line) \(rule) \(severity) \(message) | " + evidence.map { "\($0.line):\($0.text)" }.joined(separator: " | ")
    }
}
