/// Matches class names against glob patterns (`*` any run, `?` one character), with or without module:
/// `UIInputWindowController` matches both `UIInputWindowController` and `UIKit.UIInputWindowController`.
struct ClassFilter: Sendable {
    private let patterns: [[Character]]

    init(patterns: [String]) { self.patterns = patterns.map(Array.init) }

    func matches(_ name: String) -> Bool {
        guard !patterns.isEmpty else { return false }
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
