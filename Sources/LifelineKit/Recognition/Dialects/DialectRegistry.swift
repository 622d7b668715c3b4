/// Every dialect Lifeline reads, in the order they are documented (README's input-format table).
enum DialectRegistry {
    static let all: [any Dialect.Type] = [
        DescriptionBeforeDialect.self, ObjCMethodDialect.self, DottedCallDialect.self, LabelBeforeDialect.self,
        LabelAfterDialect.self, BareCallbackDialect.self, NumberedCallbackDialect.self, CSharpFinalizerDialect.self, ObserverDialect.self,
        UIKitMessageDialect.self,
    ]

    /// The dialects that name a callback's controller, most specific first: the first that answers wins.
    static let naming: [any NamingDialect.Type] = [
        DescriptionBeforeDialect.self, ObjCMethodDialect.self, DottedCallDialect.self, LabelBeforeDialect.self,
        LabelAfterDialect.self, BareCallbackDialect.self,
    ]
}
