/// Where a regular expression of the configuration goes wrong, in words: `NSRegularExpression` (`RegexPattern`)
/// does not say where, so errors about `patterns` and `events` add what this finds.
enum PatternSyntax {
    /// `; the '(' at character 17 is never closed`, for the first bracket, escape or quantifier out of place;
    /// empty when none is (the expression is wrong in some other way).
    static func whereItFails(_ pattern: String) -> String {
        problem(in: Array(pattern)).map { "; \($0)" } ?? ""
    }

    static func problem(in characters: [Character]) -> String? {
        var groups: [Int] = []  // where each open group starts
        var classStart: Int?  // the '[' of the class being read
        var classFirst = 0  // where its members start: a ']' there is one of them
        var classDepth = 0
        var canRepeat = false  // whether a quantifier here has something to repeat
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let place = "at character \(index + 1)"
            if character == "\\" {
                guard index + 1 < characters.count else { return "the '\\' \(place) ends the pattern: escape nothing, or write '\\\\'" }
                index += 2
                canRepeat = true
                continue
            }
            if classDepth > 0 {
                if character == "[" { classDepth += 1 }
                if character == "]", index > classFirst { classDepth -= 1 }
                index += 1
                continue
            }
            switch character {
            case "[":
                classStart = index
                classDepth = 1
                classFirst = index + 1 < characters.count && characters[index + 1] == "^" ? index + 2 : index + 1
                index = classFirst - 1
                canRepeat = true
            case "(":
                groups.append(index)
                canRepeat = false
            case ")":
                guard groups.popLast() != nil else { return "the ')' \(place) closes no group: escape it as '\\)'" }
                canRepeat = true
            case "|":
                canRepeat = false
            case "*", "+", "?":
                let follows = index > 0 && "*+?}".contains(characters[index - 1])  // lazy or possessive, `a{2}?`
                guard canRepeat || follows || (character == "?" && index > 0 && characters[index - 1] == "(") else {
                    return "the '\(character)' \(place) repeats nothing: escape it as '\\\(character)'"
                }
            case "{" where canRepeat:
                index = characters[index...].firstIndex(of: "}") ?? index  // an interval, `{2,5}`
            default:
                canRepeat = true
            }
            index += 1
        }
        if classDepth > 0, let classStart { return "the '[' at character \(classStart + 1) is never closed with ']'" }
        if let open = groups.last { return "the '(' at character \(open + 1) is never closed with ')'" }
        return nil
    }
}
