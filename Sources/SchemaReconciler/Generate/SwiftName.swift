// MARK: - SwiftName

/// How the generated code names things after SQL names: types in UpperCamelCase and singular,
/// properties in lowerCamelCase, as GRDB's documentation writes them.
///
/// A name is cut into words at each character that is neither a letter nor a digit (`_`, a
/// space, `-`). The first word of a property is written in lower case when it is all capitals
/// (`ID` → `id`), with its first letter in lower case otherwise; every other word gets a capital
/// first letter, the rest as written (`author_id` → `authorId`, `user_ID` → `userID`).
///
/// ```swift
/// SwiftName.type(forTable: "book_titles") // "BookTitle"
/// SwiftName.property(forColumn: "born_on") // "bornOn"
/// SwiftName.singular("categories")         // "category"
/// SwiftName.plural("book")                 // "books"
/// ```
package enum SwiftName {
    // MARK: Types and properties

    /// The record type of a table or view: its words in UpperCamelCase, the last one singular.
    package static func type(forTable name: String) -> String {
        var words = self.words(of: name)
        guard let last = words.popLast() else { return "" }
        words.append(singular(last))
        return identifier(words.map(capitalized).joined())
    }

    /// The property of a column: its words in lowerCamelCase.
    package static func property(forColumn name: String) -> String {
        lowerCamelCase(words(of: name))
    }

    /// An association's name, from the words of a table: `book_titles` → `bookTitle` (to one)
    /// or `bookTitles` (to many).
    package static func association(forTable name: String, toMany: Bool) -> String {
        var words = self.words(of: name)
        guard let last = words.popLast() else { return "" }
        let one = singular(last)
        // A plural name is kept as written (`people`); a singular one is made plural.
        words.append(toMany ? (one == last ? plural(one) : last) : one)
        return lowerCamelCase(words)
    }

    /// The words of an SQL name.
    static func words(of name: String) -> [String] {
        name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Words in lowerCamelCase: `["author", "id"]` → `authorId`.
    static func lowerCamelCase(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        let head = first.allSatisfy { !$0.isLetter || $0.isUppercase }
            ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        return identifier(head + words.dropFirst().map(capitalized).joined())
    }

    /// The word with a capital first letter, the rest as written.
    static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// A name that starts with a digit gets an underscore before it: Swift names cannot.
    private static func identifier(_ name: String) -> String {
        guard let first = name.first, first.isNumber else { return name }
        return "_" + name
    }

    // MARK: Singular and plural

    /// The singular of an English plural, by a small rule: five irregular words (`people`,
    /// `children`, `men`, `women`, `mice`), then `ies` → `y` (`categories`), `sses`, `shes`, `ches`
    /// and `xes` lose `es` (`addresses`, `boxes`), a word ending in `ss`, `us` or `is` is left as it
    /// is (`status`), and a final `s` goes (`books`). Anything else is left as it is (`data`): give
    /// a table that the rule names wrongly its type's name with `swift: { name: … }`.
    package static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if let irregular = irregularPlurals[lower] {
            return word.first!.isUppercase ? capitalized(irregular) : irregular
        }
        if lower.count > 3, lower.hasSuffix("ies") { return String(word.dropLast(3)) + (word.last!.isUppercase ? "Y" : "y") }
        if ["sses", "shes", "ches", "xes"].contains(where: lower.hasSuffix) { return String(word.dropLast(2)) }
        if ["ss", "us", "is"].contains(where: lower.hasSuffix) { return word }
        if lower.count > 1, lower.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }

    /// The irregular plurals the rule knows, and their singulars.
    static let irregularPlurals = ["people": "person", "children": "child", "men": "man", "women": "woman",
                                   "mice": "mouse"]

    /// The plural of a singular English word, by the converse rule: a consonant and `y` → `ies`,
    /// `s`, `sh`, `ch`, `x` → `es`, anything else gets `s`.
    package static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        if let irregular = irregularPlurals.first(where: { $0.value == lower })?.key {
            return word.first!.isUppercase ? capitalized(irregular) : irregular
        }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return String(word.dropLast()) + "ies"
        }
        if ["s", "sh", "ch", "x"].contains(where: lower.hasSuffix) { return word + "es" }
        return word + "s"
    }

    // MARK: Swift's own words

    /// Whether `name` is a Swift identifier as the generated code writes one: a letter or `_`
    /// first, then letters, digits and `_`.
    package static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && name != "_"
    }

    /// The words Swift reserves: a property named after one is written in backticks.
    package static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "package", "Type", "Protocol",
    ]

    /// `name`, in backticks when Swift reserves it: `` `default` ``.
    package static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }
}
