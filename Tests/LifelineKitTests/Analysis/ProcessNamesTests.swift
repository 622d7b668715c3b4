@testable import LifelineKit
import XCTest

/// A line's process name becomes the same key however the lines before it named theirs: the last name is
/// remembered by its bytes, and names that differ in any byte, or only in length, stay apart.
final class ProcessNamesTests: XCTestCase {
    func testAlternatingNamesOfEveryLengthKeepTheirOwnKeys() {
        let names = ["Sho", "Shop", "Shop2", "ShopExtensionA", "ShopExtensionB", "ShopExtensionA1", "ShopExtensionsWidget",
                     "ShopExtensionsWidgeT", "", "Shop", "ShopExtensionA"]
        var processNames = ProcessNames()
        for _ in 0..<2 {
            for (index, name) in names.enumerated() {
                var line = Array("x \(name) y".utf8)
                let key = line.withUnsafeMutableBufferPointer { processNames.key(Bytes($0), 2..<(2 + name.utf8.count), pid: 7) }
                XCTAssertEqual(key, ProcessKey(name: name, pid: 7), "\(index): \(name)")
            }
        }
    }
}
