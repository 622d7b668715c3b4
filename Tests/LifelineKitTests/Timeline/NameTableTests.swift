import XCTest
@testable import LifelineKit

final class NameTableTests: XCTestCase {
    func testEachDistinctNameAndProcessGetsOneStableNumber() {
        var names = NameTable()
        let classes = (0..<2_000).map { "Shop.Screen\($0)ViewController" } + ["", "é", "Shop.Screen1ViewController"]
        let ids = classes.map { names.id($0) }
        XCTAssertEqual(ids[2_002], ids[1], "a name seen again keeps its number")
        XCTAssertEqual(Set(ids).count, 2_002)
        for (name, id) in zip(classes, ids) {
            XCTAssertEqual(names.name(id), name)
            XCTAssertEqual(names.id(name), id)
        }
        XCTAssertEqual(names.id("Shop.Unseen"), 2_002, "a new name takes the next number")

        let processes = [ProcessKey(name: "Shop", pid: 1), ProcessKey(name: "Shop", pid: 2), ProcessKey(name: nil, pid: 1),
                         ProcessKey(name: "Shop", pid: nil), ProcessKey(name: nil, pid: nil), ProcessKey(name: "Sh", pid: 1)]
        let processIDs = processes.map { names.id($0) }
        XCTAssertEqual(Set(processIDs).count, processes.count)
        XCTAssertEqual(names.id(ProcessKey(name: "Shop", pid: 2)), processIDs[1])
        for (process, id) in zip(processes, processIDs) { XCTAssertEqual(names.process(id), process) }
        XCTAssertNil(names.existingID(ProcessKey(name: "Shop", pid: 3)))
    }
}
