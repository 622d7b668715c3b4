import Foundation
import LifelineKit
import XCTest

/// `docs/lifecycle.md`: its traces are the sample files, its outputs are Lifeline's, and its state diagram is the
/// engine's appearance model.
final class LifecycleDocTests: XCTestCase {
    func testQuotedTracesAreTheSampleFilesAndOutputsAreLifelines() throws {
        let page = try DocPage("docs/lifecycle.md")
        let quoted = try page.checkSamples()
        let scenarios = ["push-pop.log", "interactive-pop-completed.log", "interactive-pop-cancelled.log", "modal-fullscreen.log",
                         "modal-sheet.ndjson", "tab-switch.log", "child-containment-correct.log", "child-containment-wrong.log"]
        XCTAssertEqual(Set(quoted), Set(scenarios.map { "SampleTraces/\($0)" }))
        XCTAssertEqual(quoted.filter { $0 == "SampleTraces/push-pop.log" }.count, 2, "push and pop quoted apart")
        let commands = try page.checkConsoleBlocks()
        XCTAssertEqual(commands, scenarios.map { ["check", "SampleTraces/\($0)"] }, "each scenario's outcome, in page order")
    }

    /// Every arrow of the diagram is a transition Lifeline accepts; every other (state, appearance callback) pair is
    /// an `appearance-order` finding. Another instance of the class logs every callback first, so that no callback
    /// goes unjudged for never being logged.
    func testStateDiagramIsTheEnginesAppearanceModel() throws {
        let page = try DocPage("docs/lifecycle.md")
        let diagram = try XCTUnwrap(page.blocks.first { $0.info == "mermaid" })
        var arrows = Set<String>()
        for line in diagram.text.split(separator: "\n") where line.contains(": ") {
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: " --> ")
            let target = parts[1].components(separatedBy: ": ")
            arrows.insert("\(parts[0]) \(target[1]) \(target[0])")
        }
        XCTAssertEqual(arrows.count, 7)
        let states = ["Disappeared": [], "Appearing": ["viewWillAppear"], "Appeared": ["viewWillAppear", "viewDidAppear"],
                      "Disappearing": ["viewWillAppear", "viewDidAppear", "viewWillDisappear"]]
        let callbacks = ["viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
        let complete = ["viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
        var accepted = Set<String>()
        for (state, path) in states {
            for callback in callbacks {
                let lines = complete.map { "<Shop.A: 0x2> \($0)" } + (["viewDidLoad"] + path + [callback]).map { "<Shop.A: 0x1> \($0)" }
                let findings = try Self.findings(lines.joined(separator: "\n") + "\n")
                let judged = findings.filter { $0.rule == "appearance-order" && $0.line == lines.count }
                XCTAssertEqual(findings.filter { $0.rule == "appearance-order" }.count, judged.count, "\(state) + \(callback)")
                if judged.isEmpty {
                    let targets = arrows.filter { $0.hasPrefix("\(state) \(callback) ") }
                    XCTAssertEqual(targets.count, 1, "\(state) + \(callback) is accepted: the diagram has its arrow")
                    accepted.formUnion(targets)
                }
            }
        }
        XCTAssertEqual(accepted, arrows, "every arrow of the diagram is a transition Lifeline accepts")
    }

    private static func findings(_ trace: String) throws -> [Finding] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-doc-\(UUID().uuidString).log")
        try Data(trace.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var findings: [Finding] = []
        _ = try TraceAnalyzer(options: AnalysisOptions()).analyze(.file(url.path), observer: TraceAnalyzer.Observer { findings.append($0) })
        return findings
    }
}
