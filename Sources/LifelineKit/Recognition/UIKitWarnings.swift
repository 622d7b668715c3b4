/// UIKit's own console warnings about appearance and presentation (§3.7): direct evidence, attached to the
/// controller they name.
enum UIKitWarnings {
    /// One known message: a phrase that identifies it, which `<…: 0x…>` in the line is the culprit (0-based),
    /// and a short summary for the finding.
    struct Pattern: Sendable {
        let phrase: StaticString
        let culprit: Int
        let summary: String
    }

    static let patterns: [Pattern] = [
        Pattern(phrase: "Unbalanced calls to begin/end appearance transitions", culprit: 0,
                summary: "UIKit: unbalanced calls to begin/end appearance transitions"),
        Pattern(phrase: "whose view is not in the window hierarchy", culprit: 1,
                summary: "UIKit: presented from a controller whose view is not in the window hierarchy"),
        Pattern(phrase: "which is already presenting", culprit: 1,
                summary: "UIKit: presented on a controller that is already presenting"),
        Pattern(phrase: "while a presentation is in progress", culprit: 1,
                summary: "UIKit: presented while a presentation is in progress"),
        Pattern(phrase: "Presenting view controllers on detached view controllers is discouraged", culprit: 0,
                summary: "UIKit: presenting on a detached view controller"),
        Pattern(phrase: "while a presentation or dismiss is in progress", culprit: 0,
                summary: "UIKit: dismissed while a presentation or dismissal is in progress"),
        Pattern(phrase: "Application tried to present modally", culprit: 0,
                summary: "UIKit: presented modally a controller that is already presented or active"),
        Pattern(phrase: "should have parent view controller", culprit: 0,
                summary: "UIKit: child view controller has the wrong parent"),
    ]

    /// First words of the phrases' sentences, as the tokenizer sees them.
    static let triggerWords = ["Unbalanced", "Attempt", "Presenting", "Application", "Child"]

    /// The warning in `message`, if it is one, with the controller it blames.
    static func match(_ b: Bytes, in range: Range<Int>) -> (summary: String, culprit: ControllerRef)? {
        let message = UnsafeBufferPointer(rebasing: b[range])
        for pattern in patterns where message.find(pattern.phrase) != nil {
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
            guard !refs.isEmpty else { return nil }
            return (pattern.summary, refs[min(pattern.culprit, refs.count - 1)])
        }
        return nil
    }
}
