/// Reed–Solomon error correction of PDF417 over GF(929) (ISO/IEC 15438, 4.10 and Annex F), with
/// **erasures**: codewords known to be unreadable cost one error-correction codeword each, an
/// unknown wrong codeword two. A block of `n` codewords with `k` error-correction codewords is
/// corrected when `2 · errors + erasures ≤ k − reserve`; anything beyond is refused, never guessed.
///
/// The codewords are the coefficients of a polynomial, the first codeword the highest power; the
/// generator's roots are 3¹ … 3ᵏ (3 generates the multiplicative group of GF(929)).
package enum PDF417ErrorCorrection {
    /// The field size (a prime: arithmetic is modulo 929).
    package static let modulus = 929

    /// Why a block was not corrected.
    package enum Failure: Error, Sendable, Equatable {
        /// More errors and erasures than the error-correction codewords can correct.
        case tooManyErrors
        /// The block or its erasures are malformed (counts, positions or values out of range).
        case invalidInput
    }

    static let exp: [Int] = {
        var table = [Int](repeating: 1, count: modulus)
        for i in 1..<modulus { table[i] = table[i - 1] * 3 % modulus }
        return table
    }()
    static let log: [Int] = {
        var table = [Int](repeating: 0, count: modulus)
        for i in 0..<(modulus - 1) { table[exp[i]] = i }
        return table
    }()

    static func add(_ a: Int, _ b: Int) -> Int { (a + b) % modulus }
    static func subtract(_ a: Int, _ b: Int) -> Int { (a - b + modulus) % modulus }
    static func multiply(_ a: Int, _ b: Int) -> Int { a * b % modulus }
    static func inverse(_ a: Int) -> Int { exp[(modulus - 1 - log[a]) % (modulus - 1)] }
    static func power(_ exponent: Int) -> Int { exp[((exponent % (modulus - 1)) + (modulus - 1)) % (modulus - 1)] }

    /// Evaluates `p` (coefficients lowest power first) at `x`.
    static func evaluate(_ p: [Int], at x: Int) -> Int {
        var result = 0
        for c in p.reversed() { result = add(multiply(result, x), c) }
        return result
    }

    /// Product of polynomials (lowest power first).
    static func product(_ a: [Int], _ b: [Int]) -> [Int] {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        var out = [Int](repeating: 0, count: a.count + b.count - 1)
        for (i, x) in a.enumerated() where x != 0 {
            for (j, y) in b.enumerated() where y != 0 { out[i + j] = add(out[i + j], multiply(x, y)) }
        }
        return out
    }

    /// The `count` error-correction codewords of `data` (the symbol length descriptor first),
    /// as the encoder appends them.
    package static func errorCorrectionCodewords(for data: [Int], count: Int) -> [Int] {
        guard count > 0 else { return [] }
        // g(x) = Π (x − 3^j), j = 1…count, highest power first.
        var generator = [1]
        for j in 1...count {
            var next = [Int](repeating: 0, count: generator.count + 1)
            for (i, c) in generator.enumerated() {
                next[i] = add(next[i], c)
                next[i + 1] = subtract(next[i + 1], multiply(c, power(j)))
            }
            generator = next
        }
        // Remainder of data(x) · x^count divided by g(x) (long division, highest power first).
        var remainder = [Int](repeating: 0, count: count)
        for d in data {
            let factor = add(d % modulus, remainder[0])
            remainder.removeFirst()
            remainder.append(0)
            for i in 0..<count { remainder[i] = subtract(remainder[i], multiply(factor, generator[i + 1])) }
        }
        // The block data · x^count − remainder is a multiple of g(x).
        return remainder.map { subtract(0, $0) }
    }

    /// The syndromes S₁ … Sₖ of `codewords`, lowest index first.
    static func syndromes(_ codewords: [Int], count k: Int) -> [Int] {
        (1...k).map { j in
            let x = power(j)
            var value = 0
            for c in codewords { value = add(multiply(value, x), c) }
            return value
        }
    }

    /// Corrects `codewords` in place; `erasures` are positions (indices into `codewords`) whose
    /// values are unknown; `count` is the number of error-correction codewords (2...512) at the end;
    /// `reserve` error-correction codewords are kept unused as a margin against miscorrection.
    /// Returns the number of codewords changed. On failure `codewords` is left as it was.
    @discardableResult
    package static func correct(
        _ codewords: inout [Int], erasures: [Int], count k: Int, reserve: Int = 0
    ) throws(Failure) -> Int {
        let n = codewords.count
        guard k >= 2, k < n, n <= modulus - 1, reserve >= 0,
            codewords.allSatisfy({ (0..<modulus).contains($0) }),
            erasures.allSatisfy({ (0..<n).contains($0) }), Set(erasures).count == erasures.count
        else { throw .invalidInput }
        guard erasures.count <= k - reserve else { throw .tooManyErrors }
        let s = syndromes(codewords, count: k)
        if s.allSatisfy({ $0 == 0 }) { return 0 }

        // Erasure locator Γ(x) = Π (1 − X x), X = 3^(n − 1 − position); lowest power first.
        var gamma = [1]
        for position in erasures { gamma = product(gamma, [1, subtract(0, power(n - 1 - position))]) }

        // Berlekamp–Massey started from the erasure locator.
        var lambda = gamma, previous = gamma
        var length = erasures.count
        let e = erasures.count
        if e < k {
            for r in (e + 1)...k {
                var delta = 0
                for i in 0..<min(lambda.count, r) { delta = add(delta, multiply(lambda[i], s[r - 1 - i])) }
                let shifted = [0] + previous
                if delta == 0 {
                    previous = shifted
                    continue
                }
                var next = lambda + [Int](repeating: 0, count: max(0, shifted.count - lambda.count))
                for (i, c) in shifted.enumerated() { next[i] = subtract(next[i], multiply(delta, c)) }
                if 2 * length <= r + e - 1 {
                    length = r + e - length
                    let scale = inverse(delta)
                    previous = lambda.map { multiply($0, scale) }
                } else {
                    previous = shifted
                }
                lambda = next
            }
        }
        while lambda.count > 1, lambda.last == 0 { lambda.removeLast() }
        let degree = lambda.count - 1
        let errors = degree - e
        guard errors >= 0, 2 * errors + e <= k - reserve else { throw .tooManyErrors }

        // Chien search: the positions whose X⁻¹ is a root of Λ.
        var positions: [Int] = []
        for position in 0..<n where evaluate(lambda, at: power(-(n - 1 - position))) == 0 {
            positions.append(position)
        }
        guard positions.count == degree else { throw .tooManyErrors }

        // Forney: value = −Ω(X⁻¹) / Λ'(X⁻¹), Ω = S(x) Λ(x) mod x^k.
        let omega = Array(product(s, lambda).prefix(k))
        var derivative: [Int] = []
        for i in stride(from: 1, to: lambda.count, by: 1) { derivative.append(multiply(lambda[i], i % modulus)) }
        var corrected = codewords
        for position in positions {
            let xInverse = power(-(n - 1 - position))
            let denominator = evaluate(derivative, at: xInverse)
            guard denominator != 0 else { throw .tooManyErrors }
            let magnitude = multiply(subtract(0, evaluate(omega, at: xInverse)), inverse(denominator))
            corrected[position] = subtract(corrected[position], magnitude)
        }
        guard syndromes(corrected, count: k).allSatisfy({ $0 == 0 }) else { throw .tooManyErrors }
        let changed = zip(corrected, codewords).filter { $0 != $1 }.count
        codewords = corrected
        return changed
    }
}
