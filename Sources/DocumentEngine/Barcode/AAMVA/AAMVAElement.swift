/// One data element of a subfile: its three-character identifier (for example "DCS") and its
/// value exactly as in the file (padding kept).
package struct AAMVAElement: Sendable, Equatable, Hashable {
    package var id: String
    package var value: String

    package init(id: String, value: String) {
        self.id = id
        self.value = value
    }

    /// The value without the spaces jurisdictions pad fixed-length fields with; nil when blank.
    package var trimmedValue: String? {
        let trimmed = value.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension String {
    /// The string without leading and trailing spaces (U+0020 only).
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
