/// The mark of a finding on a timeline: a shape per severity, so that severity never rests on colour alone
/// (an octagon for errors, a triangle for warnings, a circle for infos, as in Xcode's issue navigator).
enum SeverityShape {
    /// The outline around a centre point, as relative SVG path commands after `M x,y`; each fits in 14 × 14.
    static func relativePath(_ severity: Severity) -> String {
        switch severity {
        case .error: "m-3,-7h6l4,4v6l-4,4h-6l-4,-4v-6z"
        case .warning: "m0,-7l7,13h-14z"
        case .info: "m-6,0a6,6 0 1,0 12,0a6,6 0 1,0 -12,0z"
        }
    }

    /// The path centred on (`x`, `y`), numbers as the static timeline writes them.
    static func path(_ severity: Severity, x: Double, y: Double) -> String {
        "M\(Decimal1.string(x)),\(Decimal1.string(y))" + relativePath(severity)
    }

    /// The shapes by severity name, as a JavaScript object literal for the report's script.
    static var scriptTable: String {
        "{" + Severity.allCases.map { "\"\($0.rawValue)\":\"\(relativePath($0))\"" }.joined(separator: ",") + "}"
    }
}
