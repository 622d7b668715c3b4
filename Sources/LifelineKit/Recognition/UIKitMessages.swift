/// UIKit's own console messages about view controllers, as a catalogue of templates with holes for the
/// descriptions they name. A template is matched by its words wherever its first word stands in a message (after
/// any prefix, `Warning:`, `[Presentation]` or none), and each hole takes a description in whatever shape the line
/// has it: `<Shop.Home: 0x7f01>`, `<Shop.Home>`, `<Shop.Home:` cut off at the end of the line, `(null)`, or a bare
/// class name. A message that stops inside its template may go on in the lines after it (`UIKitMessages.Partial`).
///
/// Template syntax: words match words (any run of blanks between them, a line break when wrapped); `{name}` is a
/// hole; `[…]` an optional part; `…` skips any text up to the next word.
enum UIKitMessages {
    struct Template: Sendable {
        let text: String
        /// The hole naming the controller the finding is about; `navigation`: the message is about the process's
        /// navigation controller and names none; nil: it names none (`(controller UIKit did not name)`).
        let blames: String?
        let summary: String
        /// Lines that must yield this message, with the description of the controller blamed.
        let samples: [(line: String, blamed: String)]

        init(_ text: String, blames: String?, summary: String, samples: [(line: String, blamed: String)]) {
            self.text = text
            self.blames = blames
            self.summary = summary
            self.samples = samples
        }

        /// The word that makes the recogniser try this template.
        var trigger: String { String(text.prefix { $0 != " " }) }
    }

    /// `blames` of the messages about the process's navigation controller.
    static let navigation = "(navigation)"

    static let templates: [Template] = [
        Template("Unbalanced calls to begin/end appearance transitions for {vc}", blames: "vc",
                 summary: "UIKit: unbalanced calls to begin/end appearance transitions", samples: [
                    ("Unbalanced calls to begin/end appearance transitions for <Shop.CartViewController: 0x7f01>.", "<Shop.CartViewController: 0x7f01>"),
                    ("Unbalanced calls to begin/end appearance transitions for <NYTPhotosViewController>.", "NYTPhotosViewController"),
                    ("2014-04-01 10:00:00.000 Paco[4152:60b] Unbalanced calls to begin/end appearance transitions for <HomeViewController:", "HomeViewController"),
                    ("Unbalanced calls to begin/end appearance transitions for HomeViewController.", "HomeViewController"),
                 ]),
        Template("Attempt to present {presented} on {presenter} [(from {source})] whose view is not in the window hierarchy",
                 blames: "presenter", summary: "UIKit: presented from a controller whose view is not in the window hierarchy", samples: [
                    ("Warning: Attempt to present <Shop.Login: 0x7f02> on <Shop.List: 0x7f01> whose view is not in the window hierarchy!", "<Shop.List: 0x7f01>"),
                    ("[Presentation] Attempt to present <Shop.Login: 0x7f02> on <Shop.Tabs: 0x7f01> (from <Shop.List: 0x7f03>) whose view is not in the window hierarchy.", "<Shop.Tabs: 0x7f01>"),
                    ("App[4781:433847] Warning: Attempt to present <UIAlertController: 0x7f02>  on <ListVC: 0x7f01> whose view is not in the window hierarchy!", "<ListVC: 0x7f01>"),
                 ]),
        Template("Attempt to present {presented} on {presenter} [(from {source})] which is already presenting {current}",
                 blames: "presenter", summary: "UIKit: presented on a controller that is already presenting", samples: [
                    ("Warning: Attempt to present <UIAlertController: 0x7f02>  on <SWRevealViewController: 0x7f01> which is already presenting <UIAlertController: 0x7f03>", "<SWRevealViewController: 0x7f01>"),
                    ("Warning: Attempt to present <UIAlertController: 0x7f02> on <Shop.Root: 0x7f01> which is already presenting (null)", "<Shop.Root: 0x7f01>"),
                 ]),
        Template("Attempt to present {presented} on {presenter} [(from {source})] while a presentation is in progress",
                 blames: "presenter", summary: "UIKit: presented while a presentation is in progress", samples: [
                    ("Warning: Attempt to present <Shop.B: 0x7f02> on <Shop.A: 0x7f01> while a presentation is in progress!", "<Shop.A: 0x7f01>"),
                 ]),
        Template("Attempt to present {presented} on {presenter} [(from {source})] which is waiting for a delayed presention of {pending} to complete",
                 blames: "presenter", summary: "UIKit: presented while another presentation is still pending", samples: [
                    ("Warning: Attempt to present <Shop.B: 0x7f02> on <Shop.A: 0x7f01> which is waiting for a delayed presention of <Shop.C: 0x7f03> to complete", "<Shop.A: 0x7f01>"),
                 ]),
        Template("Attempt to dismiss from view controller {vc} while a presentation or dismiss is in progress",
                 blames: "vc", summary: "UIKit: dismissed while a presentation or dismissal is in progress", samples: [
                    ("Warning: Attempt to dismiss from view controller <Shop.A: 0x7f01> while a presentation or dismiss is in progress!", "<Shop.A: 0x7f01>"),
                 ]),
        Template("Attempting to load the view of a view controller while it is deallocating is not allowed and may result in undefined behavior ({vc})",
                 blames: "vc", summary: "UIKit: the view of a deallocating controller was loaded", samples: [
                    ("Attempting to load the view of a view controller while it is deallocating is not allowed and may result in undefined behavior (<UIAlertController: 0x7fbbaa6b2880>)", "<UIAlertController: 0x7fbbaa6b2880>"),
                 ]),
        Template("Presenting view controllers on detached view controllers is discouraged {vc}", blames: "vc",
                 summary: "UIKit: presenting on a detached view controller", samples: [
                    ("Presenting view controllers on detached view controllers is discouraged <Shop.Home: 0x7f01>.", "<Shop.Home: 0x7f01>"),
                 ]),
        Template("Application tried to present modally an active controller {vc}", blames: "vc",
                 summary: "UIKit: presented modally a controller that is already active", samples: [
                    ("Application tried to present modally an active controller <Shop.Tabs: 0x7f01>.", "<Shop.Tabs: 0x7f01>"),
                 ]),
        Template("Application tried to present modally a view controller {vc} that is already being presented by {presenter}", blames: "vc",
                 summary: "UIKit: presented modally a controller that is already presented", samples: [
                    ("Application tried to present modally a view controller <Shop.B: 0x7f02> that is already being presented by <Shop.A: 0x7f01>.", "<Shop.B: 0x7f02>"),
                 ]),
        Template("Application tried to present a nil modal view controller on target {vc}", blames: "vc",
                 summary: "UIKit: presented a nil controller", samples: [
                    ("Application tried to present a nil modal view controller on target <Shop.Home: 0x7f01>.", "<Shop.Home: 0x7f01>"),
                 ]),
        Template("Application tried to push a nil view controller on target {vc}", blames: "vc",
                 summary: "UIKit: pushed a nil controller", samples: [
                    ("Application tried to push a nil view controller on target <UINavigationController: 0x7f01>.", "<UINavigationController: 0x7f01>"),
                 ]),
        Template("Pushing the same view controller instance more than once is not supported ({vc})", blames: "vc",
                 summary: "UIKit: the same controller pushed twice", samples: [
                    ("Pushing the same view controller instance more than once is not supported (<Shop.Detail: 0x7f01>)", "<Shop.Detail: 0x7f01>"),
                 ]),
        Template("Child view controller:{child} should have parent view controller:{parent}", blames: "child",
                 summary: "UIKit: child view controller has the wrong parent", samples: [
                    ("Child view controller:<Shop.Child: 0x7f02> should have parent view controller:<Shop.A: 0x7f01> but actual parent is:<Shop.B: 0x7f03>", "<Shop.Child: 0x7f02>"),
                    ("*** Terminating app due to uncaught exception 'UIViewControllerHierarchyInconsistency', reason: 'child view controller:<MainSettingsViewController: 0xf3696b0> should have parent view controller:<FRLayerController: 0x9e36270> but requested parent is:<FRLayerController: 0x9e38ed0>'", "<MainSettingsViewController: 0xf3696b0>"),
                    ("reason: 'child view controller:BATestTableViewController should have parent view controller:LazyViewController but actual parent is:BAHomePageScrollCellViewController", "BATestTableViewController"),
                 ]),
        Template("Clear this association before associating this view with {vc}", blames: "vc",
                 summary: "UIKit: a view associated with two view controllers", samples: [
                    ("A view can only be associated with at most one view controller at a time! View <UITableView: 0xb379200; frame = (0 20; 320 460)> is associated with <SessionsViewController: 0xa2958e0>. Clear this association before associating this view with <SessionsViewController: 0xa295b10>.", "<SessionsViewController: 0xa295b10>"),
                 ]),
        Template("Application windows are expected to have a root view controller at the end of application launch", blames: nil,
                 summary: "UIKit: a window had no root view controller at the end of launch", samples: [
                    ("Application windows are expected to have a root view controller at the end of application launch", "(controller UIKit did not name)"),
                 ]),
        // UIViewControllerAlertForAppearanceCallbackMisuse: the summary names the method called.
        Template("Calling -{method} directly on a view controller is not supported … View controller: {vc}", blames: "vc",
                 summary: "UIKit: {method} called directly; use beginAppearanceTransition/endAppearanceTransition", samples: [
                    ("[ViewController] Calling -viewWillAppear: directly on a view controller is not supported, and may result in out-of-order callbacks and other inconsistent behavior. View controller: <Shop.PlayerViewController: 0x11e07cc00>", "<Shop.PlayerViewController: 0x11e07cc00>"),
                    ("dbug: [02:37:45.4453400] 2026-07-23 02:37:45.442977-0700 Shop.Tests[7357:51117] [ViewController] Calling -viewWillDisappear: directly on a view controller is not supported. View controller: <Shop_Flyout: 0x13a268cf0>", "<Shop_Flyout: 0x13a268cf0>"),
                 ]),
        Template("Keyboard cannot present view controllers (attempted to present {vc})", blames: "vc",
                 summary: "UIKit: a controller presented from the keyboard's window", samples: [
                    ("Keyboard cannot present view controllers (attempted to present <UIAlertController: 0x7f01>)", "<UIAlertController: 0x7f01>"),
                 ]),
        Template("Trying to dismiss the presentation controller while transitioning already", blames: navigation,
                 summary: "UIKit: a presentation dismissed while it was still transitioning", samples: [
                    ("Trying to dismiss the presentation controller while transitioning already. (<_UIFullscreenPresentationController: 0x7f01>)", "(navigation controller)"),
                 ]),
        Template("nested pop animation can result in corrupted navigation bar", blames: navigation,
                 summary: "UIKit: nested pop animation (a pop started before the previous transition ended)", samples: [
                    ("nested pop animation can result in corrupted navigation bar", "(navigation controller)"),
                 ]),
        Template("nested push animation can result in corrupted navigation bar", blames: navigation,
                 summary: "UIKit: nested push animation (a push started before the previous transition ended)", samples: [
                    ("nested push animation can result in corrupted navigation bar", "(navigation controller)"),
                 ]),
        Template("Finishing up a navigation transition in an unexpected state", blames: navigation,
                 summary: "UIKit: a navigation transition finished in an unexpected state", samples: [
                    ("Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted.", "(navigation controller)"),
                 ]),
        Template("Pushing a navigation controller is not supported", blames: navigation,
                 summary: "UIKit: a navigation controller pushed onto a navigation controller", samples: [
                    ("Pushing a navigation controller is not supported", "(navigation controller)"),
                 ]),
    ]

    /// The trigger words, in order; `KeywordTable` maps each to its index here.
    static let triggerWords: [String] = {
        var seen = Set<String>()
        return templates.map(\.trigger).filter { seen.insert($0).inserted }
    }()

    /// For each trigger word, the indices of the templates it starts. Built in one pass: every process that
    /// checks a log builds it.
    private static let templatesByTrigger: [[Int]] = {
        let position = Dictionary(uniqueKeysWithValues: triggerWords.enumerated().map { ($1, $0) })
        var lists = Array(repeating: [Int](), count: triggerWords.count)
        for (index, template) in templates.enumerated() { lists[position[template.trigger]!].append(index) }
        return lists
    }()
    /// Per template, its tokens, and the first bytes of its second word: most lines with a trigger word
    /// (`Application launched`, `Calling the API`) differ there, and are refused without running the template.
    private static let tokens: [[Token]] = templates.map { Token.parse($0.text) }
    private static let secondWords: [(bytes: UInt64, mask: UInt64)] = templates.map { template in
        let text = Array(template.text.utf8), space = UInt8(ascii: " ")
        guard var start = text.firstIndex(of: space) else { return (0, 0) }
        while start < text.count, text[start] == space { start += 1 }
        guard start < text.count else { return (0, 0) }
        let literal = Array(text[start...].prefix { $0 != space && $0 != UInt8(ascii: "{") && $0 != UInt8(ascii: "[") }.prefix(8))
        var bytes: UInt64 = 0
        for (i, byte) in literal.enumerated() { bytes |= UInt64(byte) << (8 * UInt64(i)) }
        return (bytes, literal.count == 8 ? ~0 : (1 << (8 * UInt64(literal.count))) - 1)
    }

    /// Up to eight bytes of the text at `start`, stopping at a blank, as one number (the first in the low byte).
    private static func secondWord(_ b: Bytes, from start: Int, end: Int) -> UInt64 {
        var value: UInt64 = 0, i = start
        while i < end, i - start < 8, !ASCII.isBlank(b[i]) {
            value |= UInt64(b[i]) << (8 * UInt64(i - start))
            i += 1
        }
        return value
    }

    /// A message matched so far when its line ended: where to go on in the next line.
    struct Partial: Sendable {
        let template: Int
        let token: Int
        var holes: [(name: String, ref: ControllerRef?, text: String)]
    }

    enum Outcome {
        case message(summary: String, blamed: ControllerRef)
        /// The line ended inside the message (at least its first three words were there).
        case partial(Partial)
        case none
    }

    /// The message in `b[range]` starting with the trigger word `trigger` (an index into `triggerWords`) at `start`.
    static func match(_ b: Bytes, in range: Range<Int>, trigger: Int, at start: Int, names: inout ControllerNames) -> Outcome {
        var best = Outcome.none
        var afterTrigger = start
        while afterTrigger < range.upperBound, !ASCII.isBlank(b[afterTrigger]) { afterTrigger += 1 }
        let second = secondWord(b, from: b.skippingBlanks(from: afterTrigger), end: range.upperBound)
        for index in templatesByTrigger[trigger] {
            // A line that ends after its first word may still be a wrapped message.
            guard second & secondWords[index].mask == secondWords[index].bytes || second == 0 else { continue }
            var holes: [(name: String, ref: ControllerRef?, text: String)] = []
            switch run(tokens[index], from: 0, b, start, range.upperBound, &holes, &names) {
            case .matched: return finished(index, holes)
            case .ranOut(let token, let words) where words >= 3:
                if case .none = best { best = .partial(Partial(template: index, token: token, holes: holes)) }
            default: continue
            }
        }
        return best
    }

    /// Goes on with `partial` in the next line's message `b[range]`.
    static func resume(_ partial: Partial, _ b: Bytes, in range: Range<Int>, names: inout ControllerNames) -> Outcome {
        var holes = partial.holes
        switch run(tokens[partial.template], from: partial.token, b, b.skippingBlanks(from: range.lowerBound), range.upperBound, &holes, &names) {
        case .matched: return finished(partial.template, holes)
        case .ranOut(let token, let words) where words > 0 || token > partial.token:
            return .partial(Partial(template: partial.template, token: token, holes: holes))
        default: return .none
        }
    }

    /// A message whose lines ended with only descriptions left to come (`… transitions for` and nothing after): it is
    /// that message still, about the controller it did name, if any.
    static func ended(_ partial: Partial) -> Outcome {
        let rest = tokens[partial.template][partial.token...]
        guard rest.allSatisfy({ if case .word = $0 { return false } else { return true } }) else { return .none }
        return finished(partial.template, partial.holes)
    }

    private static func finished(_ index: Int, _ holes: [(name: String, ref: ControllerRef?, text: String)]) -> Outcome {
        let template = templates[index]
        var summary = template.summary
        for hole in holes where summary.contains("{\(hole.name)}") { summary = summary.replacingOccurrences(of: "{\(hole.name)}", with: hole.text) }
        guard let blames = template.blames else { return .message(summary: summary, blamed: .unnamedByUIKit) }
        if blames == navigation { return .message(summary: summary, blamed: .navigationController) }
        let blamed = holes.first { $0.name == blames }?.ref ?? holes.lazy.compactMap(\.ref).first
        return .message(summary: summary, blamed: blamed ?? .unnamedByUIKit)
    }

    // MARK: Matching

    enum Token: Sendable {
        /// Literal bytes; `glued` when no blank may come before them (`controller:{child}`).
        case word([UInt8], glued: Bool)
        case hole(String, glued: Bool)
        case optional([Token])
        case skip

        static func parse(_ text: String) -> [Token] {
            var top: [Token] = [], group: [Token]? = nil
            for piece in text.split(separator: " ") {
                var rest = Substring(piece)
                if rest.hasPrefix("[") { group = []; rest = rest.dropFirst() }
                let closes = rest.hasSuffix("]")
                if closes { rest = rest.dropLast() }
                var tokens: [Token] = []
                if rest == "…" { tokens.append(.skip) }
                while !rest.isEmpty, rest != "…" {
                    let glued = !tokens.isEmpty
                    if rest.hasPrefix("{"), let close = rest.firstIndex(of: "}") {
                        tokens.append(.hole(String(rest[rest.index(after: rest.startIndex)..<close]), glued: glued))
                        rest = rest[rest.index(after: close)...]
                    } else {
                        let literal = rest.prefix { $0 != "{" }
                        tokens.append(.word(Array(literal.utf8), glued: glued))
                        rest = rest.dropFirst(literal.count)
                    }
                }
                if group != nil { group! += tokens } else { top += tokens }
                if closes, let done = group { top.append(.optional(done)); group = nil }
            }
            return top
        }
    }

    private enum Run {
        case matched(end: Int)
        /// The text ended before token `token`, after `words` words matched.
        case ranOut(token: Int, words: Int)
        case failed
    }

    private static func run(_ tokens: [Token], from first: Int, _ b: Bytes, _ start: Int, _ end: Int,
                            _ holes: inout [(name: String, ref: ControllerRef?, text: String)], _ names: inout ControllerNames) -> Run {
        var i = start, words = 0
        var index = first
        while index < tokens.count {
            let token = tokens[index]
            if case .optional(let part) = token {
                let before = holes.count
                switch run(part, from: 0, b, i, end, &holes, &names) {
                case .matched(let after): i = after
                case .ranOut: holes.removeSubrange(before...); return .ranOut(token: index, words: words)
                case .failed: holes.removeSubrange(before...)
                }
                index += 1
                continue
            }
            var glued = false
            if case .word(_, let g) = token { glued = g }
            if case .hole(_, let g) = token { glued = g }
            if !glued { i = b.skippingBlanks(from: i) }
            if i >= end { return .ranOut(token: index, words: words) }
            switch token {
            case .word(let literal, _):
                // A sentence's first word may be capitalised or not (`Child view controller`, `reason: 'child view…`).
                guard i + literal.count <= end, Self.sameWord(literal, b, at: i) else { return .failed }
                i += literal.count
                if let last = literal.last, ASCII.isIdentifier(last), i < end, ASCII.isIdentifier(b[i]) { return .failed }
                words += 1
            case .hole(let name, _):
                if name == "method" {
                    var j = i
                    while j < end, ASCII.isIdentifier(b[j]) || b[j] == ASCII.colon { j += 1 }
                    guard j > i else { return .failed }
                    holes.append((name, nil, "-" + b.string(i..<j)))
                    i = j
                } else {
                    guard let (ref, after) = description(b, at: i, end: end, names: &names) else { return .failed }
                    holes.append((name, ref, ref?.description ?? "(null)"))
                    i = after
                }
            case .skip:
                // The rest of the template is tried at each place its next word starts a word; the first that fits wins.
                guard index + 1 < tokens.count, case .word(let next, _) = tokens[index + 1] else { return .failed }
                var from = i
                while let found = find(next, in: b, from: from, end: end) {
                    from = found + 1
                    if found > 0, ASCII.isIdentifier(b[found - 1]) { continue }
                    let before = holes.count
                    if case .matched(let after) = run(tokens, from: index + 1, b, found, end, &holes, &names) { return .matched(end: after) }
                    holes.removeSubrange(before...)
                }
                return .ranOut(token: index, words: words)
            case .optional:
                break
            }
            index += 1
        }
        return .matched(end: i)
    }

    /// Whether `literal` stands at `i` (which leaves room for it), its first letter in either case.
    private static func sameWord(_ literal: [UInt8], _ b: Bytes, at i: Int) -> Bool {
        let first = literal[0]
        guard b[i] == first || (ASCII.isLetter(first) && b[i] | 0x20 == first | 0x20) else { return false }
        var k = 1
        while k < literal.count {
            if b[i + k] != literal[k] { return false }
            k += 1
        }
        return true
    }

    private static func find(_ literal: [UInt8], in b: Bytes, from start: Int, end: Int) -> Int? {
        var i = start
        while i + literal.count <= end {
            if b[i] == literal[0], b.matches(literal, at: i, before: end) { return i }
            i += 1
        }
        return nil
    }

    /// A description at `i`: `<Name: 0xADDR…>`, `<Name>`, `<Name: 0xADDR` or `<Name` cut off at `end`, `(null)`, or a
    /// bare class name. nil ref for `(null)`.
    static func description(_ b: Bytes, at i: Int, end: Int, names: inout ControllerNames) -> (ref: ControllerRef?, end: Int)? {
        if b.matches("(null)", at: i), i + 6 <= end { return (nil, i + 6) }
        if b[i] == ASCII.less, let parsed = ControllerRefParser.parseAngle(b, at: i, limit: end, names: &names) { return (parsed.ref, parsed.end) }
        let nameStart = b[i] == ASCII.less ? i + 1 : i
        var j = nameStart
        while j < end, ASCII.isIdentifier(b[j]) || b[j] == ASCII.period { j += 1 }
        while j > nameStart, b[j - 1] == ASCII.period { j -= 1 }  // the sentence's full stop
        guard j > nameStart, ASCII.isLetter(b[nameStart]) || b[nameStart] == ASCII.underscore else { return nil }
        let name = names.name(b, nameStart..<j)
        guard nameStart > i else {  // bare: a type name, capitalised
            guard b[nameStart] &- 0x41 < 26 || b[nameStart] == ASCII.underscore else { return nil }
            return (ControllerRef(interned: name), j)
        }
        if j >= end { return (ControllerRef(interned: name), end) }  // `<Name` cut off
        if b[j] == ASCII.greater { return (ControllerRef(interned: name), j + 1) }
        guard b[j] == ASCII.colon else { return nil }
        var address: UInt64?
        var k = b.skippingBlanks(from: j + 1)
        if b.matches("0x", at: k), let (value, after) = b.hexadecimal(at: k + 2) { address = value; k = after }
        // Cut off after the colon or inside the description: the rest of the line is the description's.
        while k < end, b[k] != ASCII.greater { k += 1 }
        return (ControllerRef(interned: name, address: address), min(k + 1, end))
    }
}

extension ControllerRef {
    /// The controller of a UIKit message whose description was `(null)` or missing.
    static let unnamedByUIKit = ControllerRef(name: "(controller UIKit did not name)")
}
