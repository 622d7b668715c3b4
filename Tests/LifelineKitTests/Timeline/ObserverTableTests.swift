import XCTest
@testable import LifelineKit

final class ObserverTableTests: XCTestCase {
    func testBehavesLikeADictionaryKeyedByName() {
        var table = ObserverTable()
        XCTAssertTrue(table.isEmpty)
        table["CartDidChange", default: ObserverEntry()].count += 1
        table["UserDidLogIn"] = ObserverEntry(count: 2)
        table["CartDidChange"]?.count += 1
        XCTAssertEqual(table["CartDidChange"]?.count, 2)
        XCTAssertEqual(table.map(\.key), ["CartDidChange", "UserDidLogIn"], "in the order first seen")
        table.updateAll { $0.count = 0 }
        XCTAssertEqual(table.values.map(\.count), [0, 0])
        table["CartDidChange"] = nil
        XCTAssertNil(table["CartDidChange"])
        XCTAssertEqual(table.map(\.key), ["UserDidLogIn"])
    }

    /// Past `indexedCount` names the table keeps positions by name: the same answers and order as a list, through
    /// adds, removals (which leave holes until they are closed) and updates.
    func testALargeTableAnswersAsAListDoes() {
        var table = ObserverTable()
        var order: [String] = []
        var model: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        for step in 0..<5_000 {
            let name = "N\(Int.random(in: 0..<300, using: &generator))"
            if step % 3 == 2, model[name] != nil {
                table[name] = nil
                model[name] = nil
                order.removeAll { $0 == name }
            } else {
                table.update(name) { $0.count += 1 }
                if model[name] == nil { order.append(name) }
                model[name, default: 0] += 1
            }
            XCTAssertEqual(table.count, model.count)
        }
        XCTAssertEqual(table.map(\.key), order, "in the order first seen")
        XCTAssertEqual(table.values.map(\.count), order.map { model[$0]! })
        for (name, count) in model { XCTAssertEqual(table[name]?.count, count, name) }
        var rebuilt = ObserverTable()
        for name in order { rebuilt[name] = ObserverEntry(count: model[name]!) }
        XCTAssertEqual(rebuilt, table, "equal whatever the history")
    }

    /// One controller registering 60,000 distinct names was quadratic (a list scanned per name, and each body's
    /// names checked against those before): minutes. Linear now: well under a second in a release build.
    func testManyDistinctNamesAreReadInLinearTime() throws {
        let names = 60_000
        var trace = "<Shop.A: 0x1> viewWillAppear(_:)\n"
        for index in 0..<names { trace += "addObserver Name\(index)\n" }
        trace += "<Shop.A: 0x1> viewDidAppear(_:)\n"
        for index in stride(from: 0, to: names, by: 2) { trace += "removeObserver Name\(index)\n" }
        trace += "<Shop.A: 0x1> viewWillDisappear(_:)\n<Shop.A: 0x1> viewDidDisappear(_:)\n"
        let started = Date()
        let outcome = try TraceFixture.analyze(trace)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "a debug build on a busy machine takes about 2 s")
        XCTAssertEqual(outcome.findings.filter { $0.rule == "observer-balance" }.count, names / 2)
    }
}
