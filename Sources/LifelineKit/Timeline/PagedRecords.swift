/// Records in pages of 4,096, for the stores of compact instances (`IdleStore`, `TombstoneStore`): growing never
/// copies them and never holds more than one page spare.
struct PagedRecords<Record: Sendable>: Sendable {
    /// Read in place by the stores' extensions (`pages[page][index].field`): copying a whole record out of its page
    /// costs more than the field.
    private(set) var pages: [[Record]] = []
    private(set) var count = 0
    static var pageSize: Int { 4096 }

    subscript(record: Int) -> Record {
        get { pages[record / Self.pageSize][record % Self.pageSize] }
        set { pages[record / Self.pageSize][record % Self.pageSize] = newValue }
    }

    mutating func append(_ record: Record) {
        if count % Self.pageSize == 0 {
            var page: [Record] = []
            page.reserveCapacity(Self.pageSize)
            pages.append(page)
        }
        pages[pages.count - 1].append(record)
        count += 1
    }

    /// Records the pages have room for.
    var capacity: Int { pages.count * Self.pageSize }
}
