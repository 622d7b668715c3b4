/// The shapes of backtrace frames and other code listings that name a callback without being a log of it, in
/// every backtrace and symbolication format: crash reports and `Thread.callStackSymbols`, the debugger's `bt`,
/// `atos` and `sample` output, and compiler-generated .NET names. Each shape has sample lines; one generic test
/// runs them, and `lifeline events` names the shape that refused a line.
enum BacktraceFrames {
    enum Shape: CaseIterable {
        case numbered, debugger, dotNet, generated, symbolicated

        var name: String {
            switch self {
            case .numbered: return "a numbered frame with its image and address"
            case .debugger: return "a debugger frame"
            case .dotNet: return "a .NET frame"
            case .generated: return "a compiler-generated name"
            case .symbolicated: return "a symbolicated address"
            }
        }

        var samples: [String] {
            switch self {
            case .numbered: return [
                "12  MyJablotron_dev   0x0058f374 MyJablotron.ChartViewController.viewDidLoad ()() (ChartViewController.swift:39)",
                "13  MyJablotron_dev   0x0058f5a4 @objc MyJablotron.ChartViewController.viewDidLoad ()() (ChartViewController.swift:0)",
                "9   UIKitCore   0x00000001a2b3c4d5 -[UIViewController loadView] + 52",
                "4   icdab_planets \t0x00000001048290f0 -[PlanetViewController viewDidLoad] + 20720 (PlanetViewController.mm:33)",
            ]
            case .debugger: return [
                "* thread #1: tid = 0x1039b3, 0x004fab75 PSPDFCatalog`-[PSPDFViewController viewWillDisappear:](self=0x7f354400) + 85 at PSPDFViewController.m:359",
                "  * frame #0: 0x004fab75 PSPDFCatalog`-[PSPDFViewController viewWillDisappear:](self=0x7f354400, _cmd=0x03b817bf) + 85",
                "    frame #3: 0x0000000100a1b2c3 Shop`CartViewController.viewDidLoad(self=0x00007f8b) at CartViewController.swift:27:9",
            ]
            case .dotNet: return [
                "  at Shop.iOS.CartViewController.ViewDidLoad () [0x00001] in /Users/me/Shop/CartViewController.cs:42",
                "at UIKit.UIViewController.ViewWillAppear (System.Boolean animated)",
            ]
            case .generated: return [
                "MainViewController+<>c.<ViewDidLoad>b__30_7 (System.Reactive.Unit _, Toggl.Foundation.Models.Interfaces.IThreadSafeTimeEntry te)",
                "Shop.CartViewController.<ViewDidAppear>d__12.MoveNext ()",
            ]
            case .symbolicated: return [
                "-[CartViewController viewDidLoad] (in Shop) (CartViewController.m:42)",
                "    + 2917 -[UIViewController loadView]  (in UIKitCore) + 52  [0x1a2b3c]",
                "Shop.CartViewController.viewDidLoad() (in Shop) (CartViewController.swift:12)",
            ]
            }
        }
    }

    /// The shape of a frame `message` has around the callback word at `word` (its argument syntax ending at
    /// `afterSyntax`), if any. Looks at a few bytes at the message's start and around the word.
    @inline(never)
    static func shape(_ b: Bytes, _ message: Range<Int>, word: Range<Int>, afterSyntax: Int) -> Shape? {
        if isGeneratedName(b, message, word) { return .generated }
        if isSymbolicated(b, message, afterSyntax) { return .symbolicated }
        let start = b.skippingBlanks(from: message.lowerBound)
        guard start < word.lowerBound else { return nil }
        switch b[start] {
        case 0x30...0x39: return isNumberedFrame(b, start, word) ? .numbered : nil
        case 0x2A, UInt8(ascii: "f"), UInt8(ascii: "t"): return isDebuggerFrame(b, start) ? .debugger : nil
        case UInt8(ascii: "a"): return isDotNetFrame(b, start, word) ? .dotNet : nil
        default: return nil
        }
    }

    /// `12  Image   0x0058f374 symbol…`: a frame number, an image name and an address before the word.
    private static func isNumberedFrame(_ b: Bytes, _ start: Int, _ word: Range<Int>) -> Bool {
        var i = start
        let digits = i
        while i < word.lowerBound, ASCII.isDigit(b[i]) { i += 1 }
        guard i > digits, i - digits <= 5, i < word.lowerBound, ASCII.isBlank(b[i]) else { return false }
        i = b.skippingBlanks(from: i)
        let image = i
        while i < word.lowerBound, !ASCII.isBlank(b[i]) { i += 1 }
        guard i > image else { return false }
        i = b.skippingBlanks(from: i)
        return i + 2 < word.lowerBound && b.matches("0x", at: i) && ASCII.isHexDigit(b[i + 2])
    }

    /// lldb's `* thread #1: …` and `frame #3: 0x… Image\`symbol`.
    private static func isDebuggerFrame(_ b: Bytes, _ start: Int) -> Bool {
        var i = start
        if b[i] == 0x2A { i = b.skippingBlanks(from: i + 1) }  // `*`
        return b.matches("frame #", at: i) || b.matches("thread #", at: i)
    }

    /// `at Namespace.Type.Method (…)`: a .NET or Mono stack frame.
    private static func isDotNetFrame(_ b: Bytes, _ i: Int, _ word: Range<Int>) -> Bool {
        guard i + 3 <= word.lowerBound, b.matches("at ", at: i) else { return false }
        var j = i + 3
        while j < word.lowerBound, ASCII.isIdentifier(b[j]) || b[j] == ASCII.period || b[j] == ASCII.plus { j += 1 }
        return j == word.lowerBound
    }

    /// `<ViewDidLoad>b__30_7`: a lambda or state machine the C# compiler made inside the method.
    @inline(__always) private static func isGeneratedName(_ b: Bytes, _ message: Range<Int>, _ word: Range<Int>) -> Bool {
        word.lowerBound > message.lowerBound && b[word.lowerBound - 1] == ASCII.less
            && word.upperBound < message.upperBound && b[word.upperBound] == ASCII.greater
    }

    /// `symbol (in Image)` right after the symbol, as `atos`, `sample` and Instruments print an address's symbol.
    @inline(__always) private static func isSymbolicated(_ b: Bytes, _ message: Range<Int>, _ afterSyntax: Int) -> Bool {
        var i = afterSyntax
        if i < message.upperBound, b[i] == ASCII.closeBracket { i += 1 }
        while i < message.upperBound, ASCII.isBlank(b[i]) { i += 1 }
        guard i + 4 < message.upperBound, b.matches("(in ", at: i) else { return false }
        i += 4
        let image = i
        while i < message.upperBound, b[i] != ASCII.closeParen, !ASCII.isBlank(b[i]) { i += 1 }
        return i > image && i < message.upperBound && b[i] == ASCII.closeParen
    }
}
