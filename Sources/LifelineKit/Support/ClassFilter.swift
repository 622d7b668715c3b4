/// Matches class names against glob patterns (`*` any run, `?` one character), with or without module:
/// `UIInputWindowController` matches both `UIInputWindowController` and `UIKit.UIInputWindowController`.
///
/// Each class is decided once: events name a few hundred classes millions of times, and trying every glob on
/// every event made 100 wildcard patterns cost seconds per megabyte. The decisions are capped
/// (`decisionCapacity`, then forgotten together), so a stream of ever new names cannot grow them.
struct ClassFilter: Sendable {
    private let patterns: [[Character]]
    private var decisions: [String: Bool] = [:]
    private let decisionCapacity: Int
    /// How many names were tried against the globs (not answered from an earlier decision).
    private(set) var namesDecided = 0

    init(patterns: [String], decisionCapacity: Int = 1 << 16) {
        self.patterns = patterns.map(Array.init)
        self.decisionCapacity = decisionCapacity
    }

    /// Whether some pattern matches `name`, or `name` without its module. Inlined: asked for every event, and most
    /// analyses ignore no class.
    @inline(__always) mutating func matches(_ name: @autoclosure () -> String) -> Bool {
        !patterns.isEmpty && decide(name())
    }

    private mutating func decide(_ name: String) -> Bool {
        if let known = decisions[name] { return known }
        let matched = Self.matches(patterns, name)
        namesDecided += 1
        if decisions.count >= decisionCapacity { decisions.removeAll(keepingCapacity: true) }
        decisions[name] = matched
        return matched
    }

    private static func matches(_ patterns: [[Character]], _ name: String) -> Bool {
        let full = Array(name)
        let bare = name.lastIndex(of: ".").map { Array(name[name.index(after: $0)...]) } ?? full
        return patterns.contains { Glob.matches($0, full) || Glob.matches($0, bare) }
    }
}

/// Glob matching without regular expressions.
enum Glob {
    /// `*` matches any run of characters except `/` when `pathAware`, `**` any run including `/`, `?` one character.
    static func matches(_ pattern: [Character], _ text: [Character], pathAware: Bool = false) -> Bool {
        var memo = [Int: Bool]()
        func match(_ p: Int, _ t: Int) -> Bool {
            let key = p * (text.count + 1) + t
            if let known = memo[key] { return known }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else if pattern[p] == "*" {
                let doubleStar = p + 1 < pattern.count && pattern[p + 1] == "*"
                let next = doubleStar ? p + 2 : p + 1
                let crossesSlash = !pathAware || doubleStar
                var k = t, found = false
                while true {
                    if match(next, k) { found = true; break }
                    if k == text.count || (!crossesSlash && text[k] == "/") { break }
                    k += 1
                }
                result = found
            } else if t < text.count, pattern[p] == "?" || pattern[p] == text[t] {
                result = match(p + 1, t + 1)
            } else {
                result = false
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }
}
