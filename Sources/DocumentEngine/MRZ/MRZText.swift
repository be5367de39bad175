/// The characters of a machine-readable zone as ASCII bytes, validated to the MRZ alphabet
/// (`A-Z`, `0-9`, `<`), one array per line.
struct MRZText: Sendable, Equatable {
    /// The filler character, `<`.
    static let filler = UInt8(ascii: "<")

    var lines: [[UInt8]]

    init(lines: [[UInt8]]) {
        self.lines = lines
    }

    /// Validates `lines` to the MRZ alphabet without looking at their lengths.
    init(validating lines: [String]) throws(MRZParseError) {
        var bytes: [[UInt8]] = []
        bytes.reserveCapacity(lines.count)
        for (lineIndex, line) in lines.enumerated() {
            var lineBytes: [UInt8] = []
            lineBytes.reserveCapacity(line.utf8.count)
            for (column, scalar) in line.unicodeScalars.enumerated() {
                guard scalar.isASCII, Self.isInAlphabet(UInt8(scalar.value)) else {
                    if scalar.properties.isLowercase {
                        throw .lowercaseCharacter(line: lineIndex, column: column)
                    }
                    throw .characterOutsideAlphabet(line: lineIndex, column: column)
                }
                lineBytes.append(UInt8(scalar.value))
            }
            bytes.append(lineBytes)
        }
        self.lines = bytes
    }

    subscript(position: MRZPosition) -> UInt8 {
        get { lines[position.line][position.column] }
        set { lines[position.line][position.column] = newValue }
    }

    /// The lines as strings.
    var strings: [String] { lines.map { String(decoding: $0, as: UTF8.self) } }

    /// The characters of `span` as a string.
    func string(_ span: MRZSpan) -> String {
        String(decoding: lines[span.line][span.columns], as: UTF8.self)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    static func isInAlphabet(_ byte: UInt8) -> Bool { isDigit(byte) || isLetter(byte) || byte == filler }

    /// The check digit of `characters` as an ASCII digit (``MRZCheckDigit/compute(ascii:)``).
    static func checkDigit(of characters: [UInt8]) -> UInt8? {
        MRZCheckDigit.compute(ascii: characters).map { UInt8(ascii: "0") + UInt8($0) }
    }
}
