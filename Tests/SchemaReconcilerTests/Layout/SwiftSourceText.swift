import Foundation

// MARK: - SwiftSourceText

/// A Swift file's text as the layout reads it: its code, with comments and string literals
/// blanked out (each of their characters a space, their line breaks kept, so that lines stay
/// where they were), the imports it writes, and the branches of its `#if` blocks.
///
/// ```swift
/// let source = SwiftSourceText("#if os(iOS)\nlet a = Plan()\n#else\nlet a = 1 // Plan\n#endif\n")
/// source.branches.map(\.condition)  // ["#if os(iOS)", "#else"]
/// source.identifiers(in: source.branches[1]).map(\.name)  // ["let", "a"]
/// ```
struct SwiftSourceText {
    /// The code, comments and string literals blanked.
    let code: String
    /// The lines of ``code``, numbered from 1 at index 0.
    let lines: [Substring]

    init(_ text: String) {
        code = Self.blankingCommentsAndStrings(text)
        lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    }

    // MARK: Imports

    /// The lines (numbered from 1) that import `module`, in any form: `import M`,
    /// `@testable import M`, `public import M`, `import struct M.Type`, `import M.Submodule`, the
    /// module's name on a line of its own.
    func lines(importing module: String) -> [Int] {
        let attributes = #"(?:@[A-Za-z_]\w*(?:\([^)]*\))?\s+)*"#
        let access = #"(?:(?:public|package|internal|fileprivate|private)\s+)?"#
        let kind = #"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"#
        let pattern = #"(?m)^[ \t]*"# + attributes + access + #"import\s+"# + kind
            + NSRegularExpression.escapedPattern(for: module) + #"(?![\w])"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap { match in
            Range(match.range, in: code).map { lineNumber(of: $0.lowerBound) }
        }
    }

    // MARK: Conditional compilation

    /// One branch of an `#if` block: the directive that opens it and the lines it holds, the
    /// lines of the blocks nested in it included.
    struct Branch: Equatable {
        /// The directive, as written: `#if os(iOS) || os(macOS)`, `#elseif canImport(Glibc)`, `#else`.
        var condition: String
        /// The line of the directive.
        var line: Int
        /// The lines the branch holds, after its directive and before the next one of its block.
        var body: ClosedRange<Int>?
    }

    /// Every branch of every `#if` block, nested ones included, in the order they open. Every
    /// branch is listed, whichever the compiler of this platform reads: those it does not read are
    /// checked by name only.
    var branches: [Branch] {
        var branches: [Branch] = []
        // For each block open, the index in `branches` of its branch now open.
        var open: [Int] = []
        func close(_ index: Int, before line: Int) {
            let first = branches[index].line + 1
            branches[index].body = first <= line - 1 ? first...(line - 1) : nil
        }
        for (offset, text) in lines.enumerated() {
            let line = offset + 1
            let directive = text.drop { $0 == " " || $0 == "\t" }
            let word = directive.prefix { !$0.isWhitespace }
            switch word {
            case "#if":
                open.append(branches.count)
                branches.append(Branch(condition: String(directive), line: line))
            case "#elseif", "#else":
                guard let current = open.popLast() else { continue }
                close(current, before: line)
                open.append(branches.count)
                branches.append(Branch(condition: String(directive), line: line))
            case "#endif":
                guard let current = open.popLast() else { continue }
                close(current, before: line)
            default:
                continue
            }
        }
        return branches
    }

    /// The identifiers of a branch's code, each with its line, directives and the attributes
    /// (`@MainActor`) and keywords of the language's own directives (`#available`) left out.
    func identifiers(in branch: Branch) -> [(name: String, line: Int)] {
        guard let body = branch.body else { return [] }
        var found: [(name: String, line: Int)] = []
        for line in body {
            let text = lines[line - 1]
            if text.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") { continue }
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if character == "_" || character.isLetter {
                    let start = index
                    while index < text.endIndex, text[index] == "_" || text[index].isLetter || text[index].isNumber {
                        index = text.index(after: index)
                    }
                    let before = start > text.startIndex ? text[text.index(before: start)] : " "
                    if before != "@" && before != "#" { found.append((String(text[start..<index]), line)) }
                } else if character.isNumber {
                    // A number's digits and letters (`0x1F`, `1e3`) name nothing.
                    while index < text.endIndex, text[index] == "_" || text[index].isLetter || text[index].isNumber {
                        index = text.index(after: index)
                    }
                } else {
                    index = text.index(after: index)
                }
            }
        }
        return found
    }

    // MARK: Reading

    /// The line (from 1) of a position in ``code``.
    private func lineNumber(of position: String.Index) -> Int {
        code[..<position].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// `text` with each character of its comments (`//`, nested `/* */`) and string literals
    /// (`"…"`, `"""…"""`, raw `#"…"#`) made a space, line breaks kept.
    static func blankingCommentsAndStrings(_ text: String) -> String {
        let characters = Array(text)
        var result = characters
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where result[position] != "\n" { result[position] = " " }
        }
        func matches(_ string: String, at position: Int) -> Bool {
            let pattern = Array(string)
            return position + pattern.count <= characters.count && Array(characters[position..<(position + pattern.count)]) == pattern
        }
        while index < characters.count {
            if matches("//", at: index) {
                let end = characters[index...].firstIndex(of: "\n") ?? characters.count
                blank(index..<end)
                index = end
            } else if matches("/*", at: index) {
                var depth = 0
                var end = index
                repeat {
                    if matches("/*", at: end) { depth += 1; end += 2 } else if matches("*/", at: end) { depth -= 1; end += 2 } else { end += 1 }
                } while depth > 0 && end < characters.count
                blank(index..<end)
                index = end
            } else if characters[index] == "\"" || (characters[index] == "#" && Self.opensRawString(characters, at: index)) {
                var hashes = 0
                while characters[index + hashes] == "#" { hashes += 1 }
                let quotes = matches("\"\"\"", at: index + hashes) ? 3 : 1
                let closing = String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes)
                var end = index + hashes + quotes
                while end < characters.count && !matches(closing, at: end) {
                    // An escaped character (`\"`) does not close a literal that is not raw.
                    end += hashes == 0 && characters[end] == "\\" ? 2 : 1
                }
                end = min(characters.count, end + closing.count)
                blank(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return String(result)
    }

    /// Whether the `#` at `position` opens a raw string (`#"`, `##"`), not a directive.
    private static func opensRawString(_ characters: [Character], at position: Int) -> Bool {
        var index = position
        while index < characters.count && characters[index] == "#" { index += 1 }
        return index < characters.count && characters[index] == "\""
    }
}
