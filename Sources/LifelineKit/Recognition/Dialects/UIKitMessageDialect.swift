/// UIKit's own console messages about view controllers (`UIKitMessages.templates`), found after any prefix, a
/// foreign one (`dbug: [02:37:45.44] …`) or none. They blame the controller they name, or the process's navigation
/// controller when they name none. The samples are the catalogue's own, one list per template.
enum UIKitMessageDialect: Dialect {
    static let description = DialectDescription(
        identifier: "uikit-message",
        summary: "UIKit's own messages, blaming the controller they name (or the navigation controller)",
        samples: UIKitMessages.templates.flatMap { template in
            template.samples.map { DialectSample($0.line, .warning(controller: $0.blamed)) }
        })
}
