import Foundation
import LifelineKit

// Checks a trace through LifelineKit's public API and exits non-zero unless it finds what it should.
let trace = """
    vc1 – loadView
    vc1 – viewDidLoad
    vc1 – viewWillAppear
    vc1 – viewDidAppear
    vc1 – viewDidAppear

    """
let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-consumer-\(getpid()).log")
try Data(trace.utf8).write(to: url)
defer { try? FileManager.default.removeItem(at: url) }

var findings: [Finding] = []
let statistics = try TraceAnalyzer(options: AnalysisOptions()).analyze(.file(url.path), observer: .init { findings.append($0) })
let rules = findings.map { "\($0.rule)@\($0.line)" }
guard statistics.events == 5, rules == ["appearance-order@5"] else {
    print("consumer: unexpected result: \(statistics.events) events, findings \(rules)")
    exit(1)
}
print("consumer: LifelineKit works as a dependency (\(statistics.events) events, \(rules.joined()))")
