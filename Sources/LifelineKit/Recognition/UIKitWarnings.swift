/// UIKit's own console warnings about appearance and presentation: direct evidence, attached to the
/// controller they name.
enum UIKitWarnings {
    /// One known message: a phrase that identifies it, which `<…: 0x…>` in the line is the culprit (0-based),
    /// and a short summary for the finding. Messages that name no controller (`culprit` nil) are about the
    /// process's navigation controller.
    struct Pattern: Sendable {
        /// The first word of the message's sentence: the keyword that makes the recogniser try this pattern.
        let trigger: String
        let phrase: StaticString
        let culprit: Int?
        let summary: String
        /// The message names the appearance method called by hand (`Calling -viewWillAppear: directly …`).
        var namesCalledMethod = false
    }

    static let patterns: [Pattern] = [
        Pattern(trigger: "Unbalanced", phrase: "Unbalanced calls to begin/end appearance transitions", culprit: 0,
                summary: "UIKit: unbalanced calls to begin/end appearance transitions"),
        Pattern(trigger: "Attempt", phrase: "whose view is not in the window hierarchy", culprit: 1,
                summary: "UIKit: presented from a controller whose view is not in the window hierarchy"),
        Pattern(trigger: "Attempt", phrase: "which is already presenting", culprit: 1,
                summary: "UIKit: presented on a controller that is already presenting"),
        Pattern(trigger: "Attempt", phrase: "while a presentation is in progress", culprit: 1,
                summary: "UIKit: presented while a presentation is in progress"),
        Pattern(trigger: "Presenting", phrase: "Presenting view controllers on detached view controllers is discouraged", culprit: 0,
                summary: "UIKit: presenting on a detached view controller"),
        Pattern(trigger: "Attempt", phrase: "while a presentation or dismiss is in progress", culprit: 0,
                summary: "UIKit: dismissed while a presentation or dismissal is in progress"),
        Pattern(trigger: "Application", phrase: "Application tried to present modally", culprit: 0,
                summary: "UIKit: presented modally a controller that is already presented or active"),
        Pattern(trigger: "Child", phrase: "should have parent view controller", culprit: 0,
                summary: "UIKit: child view controller has the wrong parent"),
        // UIViewControllerAlertForAppearanceCallbackMisuse: the summary names the method (`misuseSummary`).
        Pattern(trigger: "Calling", phrase: "directly on a view controller is not supported", culprit: 0,
                summary: "UIKit: an appearance method called directly; use beginAppearanceTransition/endAppearanceTransition",
                namesCalledMethod: true),
        Pattern(trigger: "nested", phrase: "nested pop animation can result in corrupted navigation bar", culprit: nil,
                summary: "UIKit: nested pop animation (a pop started before the previous transition ended)"),
        Pattern(trigger: "nested", phrase: "nested push animation can result in corrupted navigation bar", culprit: nil,
                summary: "UIKit: nested push animation (a push started before the previous transition ended)"),
        Pattern(trigger: "Finishing", phrase: "Finishing up a navigation transition in an unexpected state", culprit: nil,
                summary: "UIKit: a navigation transition finished in an unexpected state"),
    ]

    /// The trigger words, in order; `KeywordTable` maps each to its index here.
    static let triggerWords: [String] = patterns.reduce(into: []) { words, pattern in
        if !words.contains(pattern.trigger) { words.append(pattern.trigger) }
    }

    /// For each trigger word, the patterns it starts: a line with `Application` tries one phrase, not twelve.
    private static let patternsByTrigger: [[Pattern]] = triggerWords.map { word in patterns.filter { $0.trigger == word } }

    /// The warning in `message`, if it is one, with the controller it blames; `trigger` indexes `triggerWords`.
    static func match(_ b: Bytes, in range: Range<Int>, trigger: Int) -> (summary: String, culprit: ControllerRef)? {
        let message = UnsafeBufferPointer(rebasing: b[range])
        for pattern in patternsByTrigger[trigger] where message.find(pattern.phrase) != nil {
            var refs: [ControllerRef] = []
            var i = 0
            while let lt = message.firstIndex(of: ASCII.less, in: i..<message.count) {
                if let parsed = ControllerRefParser.parseAngle(message, at: lt, limit: message.count) {
                    refs.append(parsed.ref)
                    i = parsed.end
                } else {
                    i = lt + 1
                }
            }
            guard let culprit = pattern.culprit else { return (pattern.summary, refs.first ?? .navigationController) }
            guard !refs.isEmpty else { return nil }
            let summary = pattern.namesCalledMethod ? misuseSummary(message) ?? pattern.summary : pattern.summary
            return (summary, refs[min(culprit, refs.count - 1)])
        }
        return nil
    }

    /// `UIKit: -viewWillAppear: was called directly …`, naming the method the misuse alert names.
    private static func misuseSummary(_ message: Bytes) -> String? {
        guard let calling = message.find("Calling -") else { return nil }
        let start = calling + 8
        guard let space = message.firstIndex(of: ASCII.space, in: start..<message.count) else { return nil }
        let method = message.string(start..<space)
        return "UIKit: \(method) called directly; use beginAppearanceTransition/endAppearanceTransition"
    }
}
