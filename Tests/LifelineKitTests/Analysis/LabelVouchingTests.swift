import XCTest
@testable import LifelineKit

/// Runs `LabelVouching.samples` as `check` reads them: whole, in tiny chunks (so a vouching line lies in a later
/// chunk than the line it vouches for) and on two threads, and as `lifeline events` explains them.
final class LabelVouchingTests: XCTestCase {
    func testEverySampleYieldsItsEventsWhateverTheChunks() throws {
        for sample in LabelVouching<Int>.samples {
            let text = sample.log.joined(separator: "\n") + "\n"
            for (blockSize, jobs) in [(256 << 10, 1), (16, 1), (16, 2)] {
                XCTAssertEqual(try events(text, blockSize: blockSize, jobs: jobs), sample.events, "\(sample.log.prefix(3)) in blocks of \(blockSize), \(jobs) jobs")
            }
            XCTAssertEqual(try explainedEvents(text), sample.events, "lifeline events: \(sample.log.prefix(3))")
        }
    }

    func testStatisticsCountARefusedLineAsUnattributed() throws {
        let outcome = try TraceFixture.analyze("[Step] addChildViewController:\n  C1 viewDidLoad\n")
        XCTAssertEqual(outcome.statistics.events, 1)
        XCTAssertEqual(outcome.statistics.unattributedLines, 1)
        XCTAssertEqual(outcome.statistics.lines, outcome.statistics.events + outcome.statistics.otherLines + outcome.statistics.unparseableLines)
    }

    func testHeldItemsComeOutInOrderAndTheGateIdlesAgain() {
        var gate = LabelVouching<Int>(lookAhead: 2)
        let c1 = LabelVouching<Int>.Name(process: ProcessKey(name: nil, pid: nil), name: ControllerName("C1"))
        var out: [String] = []
        let release: (Int, LabelVouching<Int>.Decision) -> Void = { out.append("\($0)\($1.isKept ? "" : "x")") }
        gate.take(1, line: 1, role: .needsVouching, name: c1, release: release)
        gate.take(2, line: 2, role: .none, name: nil, release: release)
        XCTAssertEqual(out, [])
        gate.take(3, line: 3, role: .vouches, name: c1, release: release)
        XCTAssertEqual(out, ["1", "2", "3"])
        XCTAssertTrue(gate.isIdle)
        let c2 = LabelVouching<Int>.Name(process: ProcessKey(name: nil, pid: nil), name: ControllerName("C2"))
        gate.take(4, line: 4, role: .needsVouching, name: c2, release: release)
        gate.take(5, line: 7, role: .none, name: nil, release: release)
        XCTAssertEqual(out, ["1", "2", "3", "4x", "5"])
        XCTAssertEqual(gate.refused, 1)
    }

    func testEachDecisionNamesWhatLetTheLineIn() {
        typealias Gate = LabelVouching<Int>
        let process = ProcessKey(name: "Shop", pid: 1)
        let q7 = Gate.Name(process: process, name: ControllerName("Q7")), c1 = Gate.Name(process: process, name: ControllerName("C1"))
        let site = Gate.Site(process: process, fingerprint: 42)
        var gate = Gate(lookAhead: 4)
        var out: [Int: Gate.Decision] = [:]
        let release: (Int, Gate.Decision) -> Void = { out[$0] = $1 }
        gate.take(1, line: 1, role: .needsVouching, name: q7, site: site, release: release)
        gate.take(2, line: 2, role: .showsPrintSite, name: nil, site: site, release: release)
        gate.take(3, line: 3, role: .vouches, name: c1, release: release)
        gate.take(4, line: 4, role: .needsVouching, name: c1, release: release)
        gate.take(5, line: 5, role: .needsVouching, name: q7, site: Gate.Site(process: process, fingerprint: 7), release: release)
        gate.finish(release: release)
        XCTAssertEqual(out, [1: .vouched(.printSite(line: 2)), 2: .kept, 3: .kept, 4: .vouched(.name(line: 3)), 5: .refused])
    }

    func testLifelineEventsSaysWhichLineVouched() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vouching-\(UUID().uuidString).log")
        try Data("[LC] Q7 dealloc\n[LC] HomeVC viewDidLoad\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var dialects: [String] = []
        try LineExplainer().explain(.file(url.path)) { explanation in
            if case .event(_, _, _, let dialect?) = explanation.reading { dialects.append(dialect) }
        }
        XCTAssertEqual(dialects, ["label-before; vouched for: line 2, printed by the same statement, shows a callback only a controller has",
                                  "label-before"])
    }

    private func events(_ text: String, blockSize: Int, jobs: Int) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vouching-\(UUID().uuidString).log")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var options = AnalysisOptions()
        options.parallelism = jobs
        var analyzer = TraceAnalyzer(options: options)
        analyzer.blockSize = blockSize
        var seen: [String] = []
        var observer = TraceAnalyzer.Observer { _ in }
        observer.event = { event, instance, _ in
            if let callback = event.kind.callback { seen.append("\(event.line) \(callback.rawValue) \(instance.key.ref.name)") }
        }
        _ = try analyzer.analyze(.file(url.path), observer: observer)
        return seen
    }

    private func explainedEvents(_ text: String) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vouching-\(UUID().uuidString).log")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var seen: [String] = []
        try LineExplainer().explain(.file(url.path)) { explanation in
            if case .event(.callback(let callback), let controller?, _, _) = explanation.reading {
                seen.append("\(explanation.line) \(callback.rawValue) \(controller.name)")
            }
        }
        return seen
    }
}
