import Foundation

/// Scores OCR text against the printed keywords of each Brazilian document side.
///
/// Text and keywords are folded the same way (upper case, no diacritics, anything but A-Z and 0-9
/// becomes a space, runs of spaces become one). A keyword counts when some stretch of the text is
/// within ``allowedEdits(length:)`` edits of it (approximate substring search, so OCR slips such
/// as `FlLIACAO` still count); it adds its weight times its match quality (1 − edits / length) to
/// its side's score. Each keyword counts once.
package struct KeywordScorer: Sendable {
    /// A printed keyword and how much it says about a side.
    package struct Keyword: Sendable {
        package var text: String
        package var weight: Double
        package var sides: [BrazilianSide]

        package init(_ text: String, _ weight: Double, _ sides: [BrazilianSide]) {
            self.text = KeywordScorer.fold(text)
            self.weight = weight
            self.sides = sides
        }
    }

    /// Edits allowed per keyword character for keywords of 12 characters and more (one slip in five).
    package static let maximumErrorRate = 0.2

    /// Edits allowed for a keyword of `length` folded characters: none below 6, one below 12 (short
    /// words would otherwise match pieces of other labels, `ORG EMISSOR` in `DO EMISSOR`), then
    /// ``maximumErrorRate`` per character.
    package static func allowedEdits(length: Int) -> Int {
        length < 6 ? 0 : (length < 12 ? 1 : Int(Double(length) * maximumErrorRate))
    }

    /// The keywords of the public specimens (RG, CIN, CNH). Words printed on several sides count for
    /// each of them with a small weight; words that name one side weigh most.
    package static let brazilianKeywords: [Keyword] = [
        Keyword("CARTEIRA DE IDENTIDADE", 3, [.rgFront]),
        Keyword("ASSINATURA DO TITULAR", 3, [.rgFront]),
        Keyword("POLEGAR DIREITO", 3, [.rgFront]),
        Keyword("SECRETARIA DA SEGURANÇA PÚBLICA", 1, [.rgFront, .rgBack]),
        Keyword("VÁLIDA EM TODO O TERRITÓRIO NACIONAL", 1, [.rgFront, .cnhBack]),
        Keyword("REGISTRO GERAL", 3, [.rgBack]),
        Keyword("DATA DE EXPEDIÇÃO", 3, [.rgBack]),
        Keyword("NATURALIDADE", 2, [.rgBack]),
        Keyword("FILIAÇÃO", 1, [.rgBack, .cnhFront]),
        Keyword("DOC. ORIGEM", 2, [.rgBack]),
        Keyword("LEI Nº 7.116", 2, [.rgBack]),
        Keyword("ASSINATURA DO DIRETOR", 3, [.rgBack]),
        Keyword("INSTITUTO DE IDENTIFICAÇÃO", 2, [.rgBack]),
        Keyword("IDENTIDADE NACIONAL", 2, [.rgBack]),
        Keyword("ÓRGÃO EXPEDIDOR", 2, [.rgBack]),
        Keyword("LOCAL DE EMISSÃO", 2, [.rgBack]),
        Keyword("DATA DE NASCIMENTO", 1, [.rgBack]),
        Keyword("CARTEIRA NACIONAL DE HABILITAÇÃO", 2, [.cnhFront, .cnhBack]),
        Keyword("NOME E SOBRENOME", 3, [.cnhFront]),
        Keyword("LOCAL E UF DE NASCIMENTO", 3, [.cnhFront]),
        Keyword("DOC. IDENTIDADE", 2, [.cnhFront]),
        Keyword("ÓRG. EMISSOR", 2, [.cnhFront]),
        Keyword("CAT. HAB.", 3, [.cnhFront]),
        Keyword("Nº REGISTRO", 2, [.cnhFront]),
        Keyword("ASSINATURA DO PORTADOR", 3, [.cnhFront]),
        Keyword("MINISTÉRIO DOS TRANSPORTES", 1, [.cnhFront]),
        Keyword("SECRETARIA NACIONAL DE TRÂNSITO", 1, [.cnhFront]),
        Keyword("DATA EMISSÃO", 1, [.cnhFront, .cnhBack]),
        Keyword("OBSERVAÇÕES", 3, [.cnhBack]),
        Keyword("ASSINATURA DO EMISSOR", 3, [.cnhBack]),
    ]

    package let keywords: [Keyword]

    package init(keywords: [Keyword] = KeywordScorer.brazilianKeywords) {
        self.keywords = keywords
    }

    /// The score of every side for `text`.
    package func scores(_ text: String) -> [BrazilianSide: Double] {
        let folded = Array(Self.fold(text).utf8)
        var scores: [BrazilianSide: Double] = [:]
        for side in BrazilianSide.allCases { scores[side] = 0 }
        for keyword in keywords {
            let pattern = Array(keyword.text.utf8)
            let allowed = Self.allowedEdits(length: pattern.count)
            let edits = Self.bestSubstringDistance(pattern, in: folded)
            guard edits <= allowed else { continue }
            let quality = 1 - Double(edits) / Double(max(1, pattern.count))
            for side in keyword.sides { scores[side, default: 0] += keyword.weight * quality }
        }
        return scores
    }

    /// Upper case, no diacritics, A-Z 0-9 and single spaces only.
    package static func fold(_ text: String) -> String {
        let plain = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased()
        var out = ""
        out.reserveCapacity(plain.utf8.count)
        var lastWasSpace = true
        for byte in plain.utf8 {
            let isWord = (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57)
            if isWord {
                out.unicodeScalars.append(Unicode.Scalar(byte))
                lastWasSpace = false
            } else if !lastWasSpace {
                out.append(" ")
                lastWasSpace = true
            }
        }
        return out.hasSuffix(" ") ? String(out.dropLast()) : out
    }

    /// The fewest edits turning `pattern` into some substring of `text` (Sellers' algorithm:
    /// edit distance with a free start and end in the text).
    package static func bestSubstringDistance(_ pattern: [UInt8], in text: [UInt8]) -> Int {
        guard !pattern.isEmpty else { return 0 }
        guard !text.isEmpty else { return pattern.count }
        var previous = Array(0...pattern.count)
        var current = [Int](repeating: 0, count: pattern.count + 1)
        var best = pattern.count
        for t in text {
            current[0] = 0
            for i in 1...pattern.count {
                let substitution = previous[i - 1] + (pattern[i - 1] == t ? 0 : 1)
                current[i] = min(substitution, previous[i] + 1, current[i - 1] + 1)
            }
            best = min(best, current[pattern.count])
            swap(&previous, &current)
        }
        return best
    }
}
