import XCTest
@testable import LifelineKit

/// What a rule reads of the timeline while it judges.
final class RuleContextTests: XCTestCase {
    /// Other instances are found, at rest or not; the instance being judged is not (the rule has it), and a
    /// deallocated one is not.
    func testARuleFindsOtherInstancesButNotTheOneItJudges() {
        LookupRule.seen = []
        let engine = RuleEngine(rules: [LookupRule()], settings: RuleSettings()) { _ in }
        let process = ProcessKey(name: "Shop", pid: 1)
        func event(_ line: Int, _ callback: Callback, _ address: UInt64) -> LifecycleEvent {
            LifecycleEvent(line: line, time: nil, process: process, thread: 1, kind: .callback(callback),
                           controller: ControllerRef(name: "Shop.ListViewController", address: address), argument: nil, text: "line \(line)")
        }
        engine.consume(event(1, .viewDidLoad, 0xA))
        engine.consume(event(2, .viewDidLoad, 0xB))
        engine.consume(event(3, .dealloc, 0xB))
        engine.consume(event(4, .viewWillAppear, 0xA))
        engine.finish()
        // At line 4 (judging A): A itself is not found, B is deallocated; at line 2 (judging B), A is found.
        XCTAssertEqual(LookupRule.seen.map(\.line), [1, 2, 3, 4])
        XCTAssertEqual(LookupRule.seen.map(\.foundA), [false, true, true, false])
        XCTAssertEqual(LookupRule.seen.map(\.foundB), [false, false, false, false])
    }
}

/// Records, at every event, whether the controllers at 0xA and 0xB can be looked up.
private struct LookupRule: Rule {
    nonisolated(unsafe) static var seen: [(line: Int, foundA: Bool, foundB: Bool)] = []

    static let description = RuleDescription(identifier: "lookup", severity: .info, summary: "looks up", explanation: "looks up",
                                             triggeringExamples: [], nonTriggeringExamples: [])

    mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        func key(_ address: UInt64) -> InstanceKey {
            InstanceKey(process: event.process, ref: ControllerRef(name: "Shop.ListViewController", address: address))
        }
        Self.seen.append((event.line, context.instance(key(0xA)) != nil, context.instance(key(0xB)) != nil))
    }
}
