/// UIKit's own console messages about appearance, presentation and navigation (`UIKitWarnings.patterns`),
/// found after any prefix, a foreign one (`dbug: [02:37:45.44] …`) or none. They blame the controller they name,
/// or the process's navigation controller when they name none.
enum UIKitMessageDialect: Dialect {
    static let description = DialectDescription(
        identifier: "uikit-message",
        summary: "UIKit's own warnings, blaming the controller they name (or the navigation controller)",
        samples: [
            DialectSample("Unbalanced calls to begin/end appearance transitions for <Shop.CartViewController: 0x7f01>.",
                          .warning(controller: "<Shop.CartViewController: 0x7f01>")),
            DialectSample("[ViewController] Calling -viewWillAppear: directly on a view controller is not supported, and may result in out-of-order callbacks and other inconsistent behavior. View controller: <Shop.PlayerViewController: 0x11e07cc00>",
                          .warning(controller: "<Shop.PlayerViewController: 0x11e07cc00>")),
            DialectSample("dbug: [02:37:45.4453400] 2026-07-23 02:37:45.442977-0700 Shop.Tests[7357:51117] [ViewController] Calling -viewWillDisappear: directly on a view controller is not supported. View controller: <Shop_Flyout: 0x13a268cf0>",
                          .warning(controller: "<Shop_Flyout: 0x13a268cf0>")),
            DialectSample("nested pop animation can result in corrupted navigation bar", .warning(controller: "(navigation controller)")),
            DialectSample("nested push animation can result in corrupted navigation bar", .warning(controller: "(navigation controller)")),
            DialectSample("Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted.",
                          .warning(controller: "(navigation controller)")),
            DialectSample("Warning: Attempt to present <Shop.Login: 0x7f02> on <Shop.List: 0x7f01> whose view is not in the window hierarchy!",
                          .warning(controller: "<Shop.List: 0x7f01>")),
        ])
}
