import Foundation
import LifelineKit

/// The `lifeline` program: dispatches to its commands.
public enum Lifeline {
    /// Runs the program with `arguments` (including the program name) and returns its exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        0
    }
}
