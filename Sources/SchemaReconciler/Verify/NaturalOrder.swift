// MARK: - NaturalOrder

/// The order people expect of file names with numbers in them: runs of digits compare as
/// numbers, the rest as text, so that `1.5.0.sql` comes before `1.49.0.sql`.
///
/// ```swift
/// NaturalOrder.isOrderedBefore("1.5.0.sql", "1.49.0.sql")  // true
/// NaturalOrder.isOrderedBefore("fmdb-10.sql", "fmdb-9.sql") // false
/// ```
enum NaturalOrder {
    /// Whether `a` comes before `b`.
    static func isOrderedBefore(_ a: String, _ b: String) -> Bool {
        let (left, right) = (runs(of: a), runs(of: b))
        for (x, y) in zip(left, right) where x != y {
            switch (UInt64(x), UInt64(y)) {
            case let (m?, n?) where m != n: return m < n
            default: return x < y
            }
        }
        return left.count < right.count
    }

    /// `text` cut into runs of digits and runs of anything else.
    private static func runs(of text: String) -> [String] {
        var runs: [String] = []
        var current = ""
        for character in text {
            if let last = current.last, last.isASCIIDigit != character.isASCIIDigit {
                runs.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
