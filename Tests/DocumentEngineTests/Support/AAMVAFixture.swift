@testable import DocumentEngine

/// Builds AAMVA files for tests: a header, a directory with computed offsets and lengths, and the
/// subfiles, with switches for the deviations real cards show.
struct AAMVAFixture {
    var separators: [UInt8] = [0x0A, 0x1E, 0x0D]
    var fileType = "ANSI "
    var iin = "636000"
    var version = 10
    var jurisdictionVersion = 0
    /// (type, element lines) per subfile.
    var subfiles: [(type: String, lines: [String])] = []
    var elementSeparator: [UInt8] = [0x0A]
    var terminator: [UInt8] = [0x0D]
    /// Added to each declared offset / length (to simulate wrong directories).
    var offsetError = 0
    var lengthError = 0
    /// Whether DL/ID subfiles start with their type.
    var typePrefix = true

    /// A made-up textbook version-10 driver licence (fictitious person and numbers).
    static let textbookLines = [
        "DAQT64235789", "DCSSAMPLE", "DDEN", "DACMICHAEL", "DDFN", "DADJOHN", "DDGN", "DCUJR", "DCAD", "DCBK",
        "DCDPH", "DBD06062019", "DBB06061986", "DBA12102024", "DBC1", "DAU068 in", "DAYBRO",
        "DAG2300 WEST BROAD STREET", "DAIRICHMOND", "DAJVA", "DAK232690000  ", "DCF2424244747474786102204", "DCGUSA",
        "DCK123456789", "DDAF", "DDB06062018", "DDC06062020", "DDD1",
    ]

    static var textbook: AAMVAFixture {
        AAMVAFixture(subfiles: [("DL", textbookLines), ("ZV", ["ZVA01"])])
    }

    var bytes: [UInt8] {
        var header: [UInt8] = [UInt8(ascii: "@")] + separators + Array(fileType.utf8) + Array(iin.utf8)
        header += Array(two(version).utf8)
        if version >= 2 { header += Array(two(jurisdictionVersion).utf8) }
        header += Array(two(subfiles.count).utf8)
        let bodies: [[UInt8]] = subfiles.map { s in
            let prefix = (typePrefix || s.type.hasPrefix("Z")) ? Array(s.type.utf8) : []
            var body = prefix
            for (k, line) in s.lines.enumerated() {
                if k > 0 { body += elementSeparator }
                body += Array(line.utf8)
            }
            return body + terminator
        }
        var offset = header.count + 10 * subfiles.count
        var directory: [UInt8] = []
        for (s, body) in zip(subfiles, bodies) {
            directory += Array((s.type + four(offset + offsetError) + four(body.count + lengthError)).utf8)
            offset += body.count
        }
        return header + directory + bodies.flatMap { $0 }
    }

    private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    private func four(_ n: Int) -> String {
        let s = String(max(0, n))
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
