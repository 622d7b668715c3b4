import XCTest
@testable import LifelineKit

/// An instance at rest comes back from its compact form (`IdleInstance`) exactly as it went in, whatever it holds.
final class IdleInstanceTests: XCTestCase {
    /// The properties an instance at rest cannot vary: its identity, which the store is asked by, and the state that
    /// makes it at rest (disappeared, not deallocated, no containment move pending).
    private static let fixedAtRest: Set<String> = ["serial", "key", "generation", "profile", "appearance", "dealloc", "pendingMove"]

    /// An instance at rest with every other property changed from a new instance's.
    private func everythingSet(facts: inout TimelineFacts) -> (fresh: Instance, instance: Instance) {
        let key = InstanceKey(process: ProcessKey(name: "Shop", pid: 1), ref: ControllerRef(name: "Shop.ListViewController", address: 0x7f01))
        let fresh = Instance(serial: 7, key: key, generation: 2, profile: facts.profile(for: key.ref))
        var instance = fresh
        instance.seenFromBirth = true
        instance.initLine = 2
        instance.loadViewLine = 3
        instance.viewDidLoadLine = 4
        instance.appearedOrLaidOut = true
        instance.appearanceKnown = true
        instance.everAppeared = true
        instance.lastAppearanceCallback = .viewDidDisappear
        instance.otherObjectsDid = .viewDidAppear
        instance.willAppear = Mark(line: 5, time: TraceTime(microseconds: 1_700_000_000_123_456, hasOffset: true), callback: .viewWillAppear)
        instance.willDisappear = Mark(line: 7, time: TraceTime(microseconds: -86_400_000_000, hasOffset: false, yearUnknown: true),
                                      callback: .viewWillDisappear)
        instance.parent = ControllerRef(name: "Shop.Container", address: 0x7f02)
        instance.removal = Mark(line: 9, time: nil, callback: .didMove)
        instance.didMoveToNil = true
        instance.observers = ObserverTable(resting: "Keyboard", "Cart")
        instance.loggedCallbacks.insert(.viewDidLoad)
        instance.evidence = 120
        instance.lastLine = 9
        return (fresh, instance)
    }

    /// A property added to `Instance` fails this test until it is set above, and then until `IdleInstance` keeps it.
    func testEveryPropertyComesBack() throws {
        var facts = TimelineFacts(), names = NameTable()
        let (fresh, instance) = everythingSet(facts: &facts)
        for (set, new) in zip(Mirror(reflecting: instance).children, Mirror(reflecting: fresh).children) {
            let label = try XCTUnwrap(set.label)
            guard !Self.fixedAtRest.contains(label) else { continue }
            XCTAssertNotEqual(String(reflecting: set.value), String(reflecting: new.value), "set `\(label)` in `everythingSet`")
        }
        let idle = try XCTUnwrap(IdleInstance(instance, names: &names))
        XCTAssertEqual(Instance(idle, names: names, profile: facts.existingProfile(for: instance.key.ref)), instance)
        XCTAssertEqual(MemoryLayout<IdleInstance>.stride, 104, "README's record size")
    }

    /// A label, one observer, no parent and marks without times come back too.
    func testALabelWithOneObserverComesBack() throws {
        var facts = TimelineFacts(), names = NameTable()
        let key = InstanceKey(process: ProcessKey(name: "Shop", pid: nil), ref: ControllerRef(name: "vc1"))
        var instance = Instance(serial: 1, key: key, generation: 1, profile: facts.profile(for: key.ref))
        instance.observers = ObserverTable(resting: "Keyboard")
        instance.willAppear = Mark(line: 1, time: nil, callback: nil)
        instance.lastLine = 1
        let idle = try XCTUnwrap(IdleInstance(instance, names: &names))
        XCTAssertEqual(Instance(idle, names: names, profile: facts.existingProfile(for: key.ref)), instance)
    }

    /// An instance that is not at rest, or whose numbers do not fit, stays in full form.
    func testWhatCannotRestStaysWhole() {
        var facts = TimelineFacts(), names = NameTable()
        let (_, instance) = everythingSet(facts: &facts)
        var appeared = instance
        appeared.appearance = .appeared
        XCTAssertNil(IdleInstance(appeared, names: &names), "on screen")
        var registered = instance
        registered.observers["Keyboard"] = ObserverEntry(count: 1, addedIn: .viewWillAppear, addedLine: 5, addedText: "add")
        XCTAssertNil(IdleInstance(registered, names: &names), "an observer registered")
        var farFuture = instance
        farFuture.willAppear?.time = TraceTime(microseconds: Int64.max / 2, hasOffset: true)
        XCTAssertNil(IdleInstance(farFuture, names: &names), "a time beyond 55 bits")
        var longTrace = instance
        longTrace.lastLine = Int(UInt32.max) + 1
        XCTAssertNil(IdleInstance(longTrace, names: &names), "a line beyond 32 bits")
    }
}
