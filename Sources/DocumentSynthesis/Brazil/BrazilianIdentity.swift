import DocumentEngine

/// Made-up holder data for a synthetic Brazilian RG or CNH: names drawn from lists of common given
/// names and surnames (combined at random, so no real person is described), numbers drawn at random
/// (CPF check digits computed with the public modulo-11 rule, so the numbers are well formed; every
/// CPF starts with 999 to mark it as synthetic).
package struct BrazilianIdentity: Sendable, Equatable {
    /// Given names and surnames as printed.
    package var givenNames: String
    package var surnames: String
    /// Filiação: the parents' full names.
    package var father: String
    package var mother: String
    /// Day of birth.
    package var dateOfBirth: SyntheticIdentity.CalendarDate
    package var sex: SyntheticIdentity.Sex
    /// Naturalidade: city and state of birth, e.g. `CAMPINAS - SP`.
    package var placeOfBirth: String
    /// The state (UF) that issued the document, e.g. `SP`, and its name.
    package var issuingState: String
    package var issuingStateName: String
    /// CPF, formatted `999.123.456-78`.
    package var cpf: String
    /// RG number, formatted `12.345.678-9`.
    package var rgNumber: String
    /// CNH registration number (11 digits).
    package var cnhRegistration: String
    /// CNH categories, e.g. `AB`.
    package var categories: String
    /// Dates of issue, expiry and first licence.
    package var dateOfIssue: SyntheticIdentity.CalendarDate
    package var dateOfExpiry: SyntheticIdentity.CalendarDate
    package var firstLicence: SyntheticIdentity.CalendarDate

    /// The full name as printed.
    package var fullName: String { givenNames + " " + surnames }

    /// `DD/MM/YYYY`, as Brazilian documents print dates.
    package static func display(_ date: SyntheticIdentity.CalendarDate) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(date.day))/\(two(date.month))/\(date.year)"
    }

    /// A random identity.
    package static func random(using random: inout SeededGenerator) -> BrazilianIdentity {
        let sex: SyntheticIdentity.Sex = random.chance(0.5) ? .female : .male
        var given = random.pick(sex == .female ? femaleNames : maleNames)
        if random.chance(0.4) { given += " " + random.pick(sex == .female ? femaleNames : maleNames) }
        let mother = random.pick(femaleNames) + " " + random.pick(surnameList) + " " + random.pick(surnameList)
        let motherSurname = String(mother.split(separator: " ").last ?? "SILVA")
        let fatherSurname = random.pick(surnameList)
        let father = random.pick(maleNames) + " " + random.pick(surnameList) + " " + fatherSurname
        let state = random.pick(states)
        let birth = date(years: 1945...2006, using: &random)
        let issue = date(years: max(birth.year + 16, 2012)...2026, using: &random)
        let first = date(years: (birth.year + 18)...max(birth.year + 18, issue.year), using: &random)
        let expiry = SyntheticIdentity.CalendarDate(
            year: issue.year + random.pick([5, 10]), month: issue.month,
            day: min(issue.day, 28))
        var rg = (0..<8).map { _ in String(random.integer(in: 0...9)) }.joined()
        rg =
            rg.prefix(2) + "." + rg.dropFirst(2).prefix(3) + "." + rg.suffix(3) + "-"
            + random.pick(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X"])
        let registration = (0..<11).map { _ in String(random.integer(in: 0...9)) }.joined()
        return BrazilianIdentity(
            givenNames: given, surnames: motherSurname + " " + fatherSurname, father: father, mother: mother,
            dateOfBirth: birth, sex: sex, placeOfBirth: random.pick(state.cities) + " - " + state.code,
            issuingState: state.code, issuingStateName: state.name, cpf: cpf(using: &random), rgNumber: rg,
            cnhRegistration: registration,
            categories: random.pick(["B", "AB", "AB", "A", "C", "D", "AD", "AE", "B"]),
            dateOfIssue: issue, dateOfExpiry: expiry, firstLicence: first)
    }

    /// A CPF with valid check digits, starting with 999.
    static func cpf(using random: inout SeededGenerator) -> String {
        var digits = [9, 9, 9] + (0..<6).map { _ in random.integer(in: 0...9) }
        for length in [9, 10] {
            let sum = (0..<length).reduce(0) { $0 + digits[$1] * (length + 1 - $1) }
            let rest = sum % 11
            digits.append(rest < 2 ? 0 : 11 - rest)
        }
        let s = digits.map(String.init).joined()
        return s.prefix(3) + "." + s.dropFirst(3).prefix(3) + "." + s.dropFirst(6).prefix(3) + "-" + s.suffix(2)
    }

    private static func date(
        years: ClosedRange<Int>, using random: inout SeededGenerator
    )
        -> SyntheticIdentity.CalendarDate
    {
        SyntheticIdentity.CalendarDate(
            year: random.integer(in: years), month: random.integer(in: 1...12),
            day: random.integer(in: 1...28))
    }

    private static let femaleNames = [
        "MARIA", "ANA", "FRANCISCA", "ANTÔNIA", "ADRIANA", "JULIANA", "MÁRCIA", "FERNANDA", "PATRÍCIA", "ALINE",
        "LETÍCIA", "BEATRIZ", "CONCEIÇÃO", "LUÍSA", "GABRIELA", "RAFAELA", "CAMILA", "VITÓRIA",
    ]
    private static let maleNames = [
        "JOSÉ", "JOÃO", "ANTÔNIO", "FRANCISCO", "CARLOS", "PAULO", "PEDRO", "LUCAS", "LUIZ", "MARCOS", "GABRIEL",
        "RAFAEL", "DANIEL", "MARCELO", "BRUNO", "EDUARDO", "FELIPE", "RODRIGO", "SEBASTIÃO",
    ]
    private static let surnameList = [
        "SILVA", "SANTOS", "OLIVEIRA", "SOUZA", "RODRIGUES", "FERREIRA", "ALVES", "PEREIRA", "LIMA", "GOMES",
        "COSTA", "RIBEIRO", "MARTINS", "CARVALHO", "ARAÚJO", "MELO", "BARBOSA", "CARDOSO", "ROCHA", "DIAS",
        "NASCIMENTO", "ANDRADE", "MOREIRA", "NUNES", "MARQUES", "MACHADO", "MENDES", "FREITAS", "CONCEIÇÃO",
    ]
    private static let states: [(code: String, name: String, cities: [String])] = [
        ("SP", "SÃO PAULO", ["SÃO PAULO", "CAMPINAS", "SANTOS", "RIBEIRÃO PRETO"]),
        ("RJ", "RIO DE JANEIRO", ["RIO DE JANEIRO", "NITERÓI", "PETRÓPOLIS"]),
        ("MG", "MINAS GERAIS", ["BELO HORIZONTE", "UBERLÂNDIA", "JUIZ DE FORA"]),
        ("BA", "BAHIA", ["SALVADOR", "FEIRA DE SANTANA", "ILHÉUS"]),
        ("RS", "RIO GRANDE DO SUL", ["PORTO ALEGRE", "PELOTAS", "CAXIAS DO SUL"]),
        ("PR", "PARANÁ", ["CURITIBA", "LONDRINA", "MARINGÁ"]),
        ("PE", "PERNAMBUCO", ["RECIFE", "OLINDA", "CARUARU"]),
        ("CE", "CEARÁ", ["FORTALEZA", "SOBRAL"]),
        ("GO", "GOIÁS", ["GOIÂNIA", "ANÁPOLIS"]),
        ("DF", "DISTRITO FEDERAL", ["BRASÍLIA"]),
    ]
}
