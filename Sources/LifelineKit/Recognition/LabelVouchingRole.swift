/// What an event's label has to do with the file's word on its labels (`LabelVouching`).
///
/// A callback word that is also an ordinary word (`willMove`, `didMove`, `dealloc`, `init`) after a name that does
/// not look like a controller's (`C1 willMoveToParent:container`, `Z-orphan dealloc`, `-[Person dealloc]`) is a
/// callback only if the same file shows that name with a callback no prose uses (`C1 viewDidLoad`): the file
/// vouches for its label. Names that look like a controller's (`HomeVC`, `vc1`) need no vouching.
enum LabelVouchingRole: UInt8, Sendable {
    case none
    /// A callback no prose uses, of a name that needs vouching: the file vouches for that name from here on.
    case vouches
    /// A callback that is also an ordinary word, of a name nothing vouched for yet: a line of a print site that
    /// showed a callback (`PrintSite.fingerprint`) is read as one too.
    case needsVouching
    /// A label that reads as a controller's, beside a callback no prose uses: it vouches for no name, only for its
    /// print site (`[LC] HomeVC viewDidLoad` for `[LC] Q7 dealloc`).
    case showsPrintSite
}
