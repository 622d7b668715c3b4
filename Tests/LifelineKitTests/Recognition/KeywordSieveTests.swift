import XCTest
@testable import LifelineKit

/// The sieve skips bytes by the look of two: it must still stop at every head that starts a word, its first letter in
/// either case, wherever it falls among the skips.
final class KeywordSieveTests: XCTestCase {
    /// Every position the sieve stops at, from the message's start on.
    private func candidates(_ sieve: KeywordSieve, _ message: [UInt8]) -> [Int] {
        message.withUnsafeBufferPointer { b in
            var found: [Int] = [], next = 0
            while let candidate = sieve.firstCandidate(b, from: next, lower: 0, end: b.count, classes: KeywordTable.shared.classes) {
                found.append(candidate)
                next = candidate + 1
            }
            return found
        }
    }

    /// Positions where one of `heads` (first four bytes, the first letter in either case) starts a word: a plain
    /// comparison at every byte.
    private func headStarts(_ heads: [[UInt8]], _ message: [UInt8]) -> [Int] {
        func folded(_ head: some Collection<UInt8>) -> [UInt8] { [head.first! | 0x20] + head.dropFirst().prefix(3) }
        let heads = Set(heads.map(folded))
        return message.indices.filter { p in
            p + 4 <= message.count && heads.contains(folded(message[p..<p + 4]))
                && (p == 0 || message[p - 1] >= 0x80 || !ASCII.isIdentifier(message[p - 1]))
        }
    }

    func testEveryHeadThatStartsAWordIsACandidateWhereverItFalls() {
        let heads = KeywordTable.shared.spellings + [Array("fetch".utf8), Array("request".utf8)]
        let sieve = KeywordSieve(heads: heads)
        let fillers = ["a", " ", "ab ", "x7", "é", "🟢", "[", "0x7f", "—", ".", "_", "called ", "View", "il", "ll"].map { Array($0.utf8) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {  // SplitMix64: the same messages on every machine
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        var checked = 0
        for _ in 0..<3000 {
            var message: [UInt8] = []
            for _ in 0..<next(12) {
                if next(3) == 0 {
                    var word = heads[next(heads.count)]
                    if next(2) == 0 { word[0] ^= 0x20 }  // the other case of its first letter
                    message += word
                } else {
                    message += fillers[next(fillers.count)]
                }
            }
            let expected = headStarts(heads, message)
            let found = Set(candidates(sieve, message))
            for p in expected { XCTAssertTrue(found.contains(p), "missed \(p) in \(String(decoding: message, as: UTF8.self))") }
            checked += expected.count
        }
        XCTAssertGreaterThan(checked, 3000, "the messages hold many heads")
    }

    func testProseWithoutHeadsHasNoCandidate() {
        let sieve = KeywordTable.shared.sieve
        for prose in ["[Network] GET https://api.shop.example/v2/products?page=29 -> 200 (450 ms)",
                      "Client got nw_connection_copy_connected_local_endpoint on unconnected nw_connection",
                      "<Shop.HomeViewController: 0x7f8b2c630000> is one instance", "abc", ""] {
            XCTAssertEqual(candidates(sieve, Array(prose.utf8)), [], prose)
        }
    }

    func testAHeadInsideAWordIsNoCandidate() {
        let sieve = KeywordTable.shared.sieve
        XCTAssertEqual(candidates(sieve, Array("HomeViewController reviewDidLoad 2viewDidLoad".utf8)), [])
        XCTAssertEqual(candidates(sieve, Array("viewDidLoad (viewDidLoad) é.ViewDidLoad".utf8)), [0, 13, 29])
    }
}
