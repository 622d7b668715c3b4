import XCTest
@testable import LifelineKit

/// Which events reach a rule's `check`.
final class EventFilterTests: XCTestCase {
    func testNamedAppEventsMatchOnlyTheirNames() {
        let named = EventFilter(appEvents: true, appEventNames: ["checkout"])
        XCTAssertTrue(named.matches(.appEvent(AppEvent(name: "checkout"))))
        XCTAssertFalse(named.matches(.appEvent(AppEvent(name: "search"))))
        XCTAssertTrue(EventFilter(appEvents: true).matches(.appEvent(AppEvent(name: "search"))), "no names: every app event")
        XCTAssertFalse(EventFilter(appEventNames: ["checkout"]).matches(.appEvent(AppEvent(name: "checkout"))), "names alone take none")
    }

    /// The engine hands a rule only the app events it names, and every app event to a rule that names none.
    func testEngineCallsARuleForTheAppEventsItNamesOnly() {
        CountingRule.reset()
        let rules: [any Rule] = [CountingRule(filter: EventFilter(appEvents: true, appEventNames: ["checkout"]), slot: 0),
                                 CountingRule(filter: EventFilter(appEvents: true), slot: 1)]
        let engine = RuleEngine(rules: rules, settings: RuleSettings()) { _ in }
        let controller = ControllerRef(name: "Shop.CartViewController", address: 0x7f01)
        for (line, name) in ["checkout", "search", "checkout", "onboarding"].enumerated() {
            engine.consume(LifecycleEvent(line: line + 1, time: nil, process: ProcessKey(name: "Shop", pid: 1), thread: 1,
                                          kind: .appEvent(AppEvent(name: name)), controller: controller, argument: nil,
                                          text: "[\(name)]", yearless: nil))
        }
        engine.finish()
        XCTAssertEqual(CountingRule.calls, [["checkout", "checkout"], ["checkout", "search", "checkout", "onboarding"]])
    }
}

/// A rule that records the app events its `check` is called with, per rule.
private struct CountingRule: Rule {
    nonisolated(unsafe) static var calls: [[String]] = [[], []]
    static func reset() { calls = [[], []] }

    static let description = RuleDescription(identifier: "counting", severity: .info, summary: "counts", explanation: "counts",
                                             triggeringExamples: [], nonTriggeringExamples: [])
    var eventFilter: EventFilter
    let slot: Int

    init() { self.init(filter: EventFilter(), slot: 0) }
    init(filter: EventFilter, slot: Int) {
        eventFilter = filter
        self.slot = slot
    }

    mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        if let app = event.kind.appEvent { Self.calls[slot].append(app.name) }
    }
}
