import Testing

@testable import DocumentClassification

@Suite struct KeywordScorerTests {
    @Test func foldingRemovesAccentsCaseAndPunctuation() {
        #expect(KeywordScorer.fold("  Filiação:\n  Data de Expedição ") == "FILIACAO DATA DE EXPEDICAO")
        #expect(KeywordScorer.fold("CAT. HAB.") == "CAT HAB")
    }

    @Test func substringDistanceAllowsOCRSlipsInsideLongerText() {
        let text = Array("NOME JOSE SILVA FlLIACAO MARIA".uppercased().utf8)
        #expect(KeywordScorer.bestSubstringDistance(Array("FILIACAO".utf8), in: text) == 1)
        #expect(KeywordScorer.bestSubstringDistance(Array("NOME".utf8), in: text) == 0)
        #expect(KeywordScorer.bestSubstringDistance(Array("OBSERVACOES".utf8), in: text) >= 6)
    }

    @Test func sideNamingKeywordsOutweighSharedOnes() {
        let scores = KeywordScorer().scores(
            """
            REPÚBLICA FEDERATIVA DO BRASIL  CARTEIRA NACIONAL DE HABILITAÇÃO
            OBSERVAÇÕES  LOCAL  DATA EMISSÃO  ASSINATURA DO EMISSOR
            VÁLIDA EM TODO O TERRITÓRIO NACIONAL
            """)
        let best = scores.max { $0.value < $1.value }
        #expect(best?.key == .cnhBack)
        #expect((scores[.cnhBack] ?? 0) > 2 * (scores[.cnhFront] ?? 0))
        #expect(DocumentClassifier.decide(scores).confidence > 0.7)
        #expect(DocumentClassifier.decide(scores).kind == .cnh)
    }

    @Test func textWithoutKeywordsGivesAnUnsureAnswer() {
        let scores = KeywordScorer().scores("IDENTITY CARD  SURNAME  GIVEN NAMES  DATE OF BIRTH")
        #expect(DocumentClassifier.decide(scores).kind == .unknown)
        let threshold = DocumentClassifier.minimumKeywordConfidence
        #expect(DocumentClassifier.keywordConfidence(best: 3, runnerUp: 0) < threshold)
        #expect(DocumentClassifier.keywordConfidence(best: 6, runnerUp: 0) > threshold)
    }
}
