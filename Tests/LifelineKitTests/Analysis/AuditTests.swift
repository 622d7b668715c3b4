import Foundation
import XCTest
@testable import LifelineKit

final class AuditTests: XCTestCase {
    private var tree: TemporaryTree!

    /// One hand-called viewWillAppear (an appearance-order error) per controller named.
    private func handCalls(_ controllers: [String]) -> String {
        controllers.enumerated().map { index, name in
            let ref = "<Shop.\(name): 0x7f0\(index)>"
            return ["viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillAppear(_:)", "viewDidAppear(_:)"]
                .map { "\(ref) \($0)\n" }.joined()
        }.joined()
    }

    override func setUpWithError() throws {
        tree = try TemporaryTree()
        for index in 0..<9 {
            try tree.write("traces/run\(index).log", handCalls((0...index % 4).map { "Screen\($0)ViewController" }))
        }
        try tree.write("traces/experimental/new.log", handCalls(["BetaViewController"]))
        try tree.write("traces/binary.log", bytes: [0xFF, 0x00, 0x01, 0x0A, 0xFE, 0xC3, 0x0A])
    }

    override func tearDown() { tree.remove() }

    private func inputs() -> [TraceInput] { InputDiscovery().expand([tree.path("traces")]).inputs }

    private func rendered(_ outcomes: [Audit.FileOutcome]) -> String {
        TextReporter().render(AuditResult(files: outcomes.map(\.summary), findings: outcomes.flatMap(\.findings)))
    }

    func testOutcomesComeInInputOrderWhateverTheNumberOfJobs() {
        let inputs = inputs()
        let serial = Audit(jobs: 1) { _ in AnalysisOptions() }.run(inputs)
        XCTAssertEqual(serial.map(\.summary.path), inputs.map(\.displayName))
        XCTAssertEqual(serial.flatMap(\.findings).count, 22)
        for jobs in [2, 4, 16] {
            let parallel = Audit(jobs: jobs) { _ in AnalysisOptions() }.run(inputs)
            XCTAssertEqual(parallel.map(\.summary.path), inputs.map(\.displayName), "jobs \(jobs)")
            XCTAssertEqual(rendered(parallel), rendered(serial), "jobs \(jobs)")
        }
    }

    func testAFailingInputFailsAloneAndEveryInputIsReportedFinished() {
        let finished = Counter()
        var hooks = Audit.Hooks()
        hooks.fileFinished = { _ in finished.increment() }
        let inputs = [TraceInput.file(tree.path("missing.log")), .file(tree.path("traces")), .file(tree.path("traces/run1.log"))]
        let outcomes = Audit(jobs: 2) { _ in AnalysisOptions() }.run(inputs, hooks: hooks)
        XCTAssertEqual(outcomes.map(\.summary.failure), ["cannot open: No such file or directory", "is a directory", nil])
        XCTAssertEqual(outcomes[2].findings.count, 2)
        XCTAssertEqual(finished.value, 3)
    }

    func testOptionsThatCannotBeMadeFailOnlyTheirInput() {
        struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }
        let outcomes = Audit(jobs: 2) { input in
            if input.displayName.hasSuffix("run2.log") { throw Refused() }
            return AnalysisOptions()
        }.run(inputs())
        XCTAssertEqual(outcomes.compactMap(\.summary.failure), ["refused"])
    }

    func testUnparseableLinesAreCountedAndTheFirstOnesKept() throws {
        try tree.write("bad.log", bytes: Array(repeating: [0xFF, 0x62, 0x61, 0x64, 0x0A], count: 25).flatMap { $0 })
        var audit = Audit(jobs: 1) { _ in AnalysisOptions() }
        audit.unparseableKept = 3
        let outcome = audit.run([.file(tree.path("bad.log"))])[0]
        XCTAssertEqual(outcome.summary.statistics.unparseableLines, 25)
        XCTAssertEqual(outcome.unparseable.map(\.line), [1, 2, 3])
    }

    func testOneInputGetsEveryJobForItsOwnParsingAndSeveralGetOneEach() {
        let audit = Audit(jobs: 4) { _ in AnalysisOptions() }
        XCTAssertEqual(audit.parallelism(inputCount: 1), 4)
        XCTAssertEqual(audit.parallelism(inputCount: 2), 1)
    }

    func testConfigurationOverridesApplyBelowTheirPathInADirectoryAudit() throws {
        var configuration = Configuration()
        configuration.overrides = [Configuration.Override(paths: ["traces/experimental/**"],
                                                          rules: ["appearance-order": .init(enabled: nil, severity: .warning)])]
        let root = tree.root
        let outcomes = Audit(jobs: 2) { [configuration] input in
            try configuration.options(for: String(input.displayName.dropFirst(root.count + 1)), base: AnalysisOptions())
        }.run(inputs())
        let severities = Dictionary(grouping: outcomes.flatMap(\.findings)) { $0.file.contains("/experimental/") }
            .mapValues { Set($0.map(\.severity)) }
        XCTAssertEqual(severities, [true: [.warning], false: [.error]])
    }

    func testBytesAreReportedAsTheyAreReadNotOnlyAtTheEnd() throws {
        let lines = handCalls((0..<2_000).map { "Screen\($0)ViewController" })
        try tree.write("big/one.log", lines)
        let reads = Counter(), total = Counter(), finishedAfter = Counter()
        var hooks = Audit.Hooks()
        hooks.bytesRead = { count in
            reads.increment()
            total.add(count)
        }
        hooks.fileFinished = { _ in finishedAfter.add(reads.value) }
        let outcomes = Audit(jobs: 1) { _ in AnalysisOptions() }.run([.file(tree.path("big/one.log"))], hooks: hooks)
        XCTAssertGreaterThan(reads.value, 1, "\(lines.utf8.count) bytes come in several blocks, each counted as read")
        XCTAssertEqual(finishedAfter.value, reads.value, "all read before the file is done")
        XCTAssertEqual(total.value, lines.utf8.count)
        XCTAssertEqual(outcomes[0].summary.statistics.bytes, lines.utf8.count)
    }
}

/// A count shared with worker threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { add(1) }
    func add(_ amount: Int) { lock.withLock { count += amount } }
    var value: Int { lock.withLock { count } }

}
