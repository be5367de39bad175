/// A character position in a machine-readable zone: line and column, both counted from 0.
struct MRZPosition: Sendable, Hashable, Comparable {
    let line: Int
    let column: Int

    static func < (lhs: MRZPosition, rhs: MRZPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A run of consecutive characters on one line of the zone.
struct MRZSpan: Sendable, Equatable {
    let line: Int
    let columns: Range<Int>

    init(_ line: Int, _ columns: Range<Int>) {
        self.line = line
        self.columns = columns
    }

    var positions: [MRZPosition] { columns.map { MRZPosition(line: line, column: $0) } }
}
