/// UIKit's own console warnings about appearance and presentation (§3.7): direct evidence, attached to the
/// controller they name.
enum UIKitWarnings {
    /// One known message: a phrase that identifies it, which `<…: 0x…>` in the line is the culprit (0-based),
    /// and a short summary for the finding. Messages that name no controller (`culprit` nil) are about the
    /// process's navigation controller.
    struct Pattern: Sendable {
        let phrase: StaticString
        let culprit: Int?
        let summary: String
        /// The message names the appearance method called by hand (`Calling -viewWillAppear: directly …`).
        var namesCalledMethod = false
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
        // UIViewControllerAlertForAppearanceCallbackMisuse: the summary names the method (`misuseSummary`).
        Pattern(phrase: "directly on a view controller is not supported", culprit: 0,
                summary: "UIKit: an appearance method called directly; use beginAppearanceTransition/endAppearanceTransition",
                namesCalledMethod: true),
        Pattern(phrase: "nested pop animation can result in corrupted navigation bar", culprit: nil,
                summary: "UIKit: nested pop animation (a pop started before the previous transition ended)"),
        Pattern(phrase: "nested push animation can result in corrupted navigation bar", culprit: nil,
                summary: "UIKit: nested push animation (a push started before the previous transition ended)"),
        Pattern(phrase: "Finishing up a navigation transition in an unexpected state", culprit: nil,
                summary: "UIKit: a navigation transition finished in an unexpected state"),
    ]

    /// First words of the phrases' sentences, as the tokenizer sees them.
    static let triggerWords = ["Unbalanced", "Attempt", "Presenting", "Application", "Child", "Calling", "nested", "Finishing"]

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
