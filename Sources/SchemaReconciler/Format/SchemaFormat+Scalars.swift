// MARK: - Scalars and type names

extension SchemaFormat {
    /// Plain scalars that YAML reads as null.
    static let nullSpellings: Set<String> = ["", "~", "null", "Null", "NULL"]
    /// Plain scalars that YAML reads as true.
    static let trueSpellings: Set<String> = ["true", "True", "TRUE"]
    /// Plain scalars that YAML reads as false.
    static let falseSpellings: Set<String> = ["false", "False", "FALSE"]

    /// The words that end a type name in a column definition: SQLite would read what follows
    /// them as constraints.
    static let constraintWords: Set<String> = [
        "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES",
        "GENERATED", "AS",
    ]

    /// Why `type` is not a type name as SQLite reads one (names, then optionally one or two
    /// signed numbers in parentheses), nil when it is.
    ///
    /// ```swift
    /// SchemaFormat.typeNameProblem("VARCHAR(255)")  // nil
    /// SchemaFormat.typeNameProblem("TEXT NOT NULL") // "… write constraints as their own keys …"
    /// ```
    static func typeNameProblem(_ type: String) -> String? {
        let tokens = SQLTokenizer.tokens(in: type)
        let names = tokens.prefix { $0.kind == .word || $0.kind == .quotedIdentifier || $0.kind == .string }
        if let word = names.first(where: { Self.constraintWords.contains($0.keyword ?? "") }) {
            return "'\(word.text)' starts a constraint, not part of a type; "
                + "write constraints as their own keys (not_null, primary_key, default…)"
        }
        guard !names.isEmpty else {
            return "a type is a name such as INTEGER, TEXT or VARCHAR(20)"
        }
        var rest = tokens.dropFirst(names.count)
        guard !rest.isEmpty else { return nil }
        // ( signed-number [, signed-number] )
        func signedNumber() -> Bool {
            if let sign = rest.first, sign.isSymbol("+") || sign.isSymbol("-") { rest = rest.dropFirst() }
            guard let number = rest.first, number.kind == .number else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard rest.first?.isSymbol("(") == true else {
            return "a type is a name, optionally with sizes in parentheses, such as VARCHAR(20) or DECIMAL(10, 2)"
        }
        rest = rest.dropFirst()
        guard signedNumber() else { return "the sizes of a type are numbers, such as VARCHAR(20)" }
        if rest.first?.isSymbol(",") == true {
            rest = rest.dropFirst()
            guard signedNumber() else { return "the sizes of a type are numbers, such as DECIMAL(10, 2)" }
        }
        guard rest.first?.isSymbol(")") == true, rest.count == 1 else {
            return "a type is a name, optionally with sizes in parentheses, such as VARCHAR(20) or DECIMAL(10, 2)"
        }
        return nil
    }
}
