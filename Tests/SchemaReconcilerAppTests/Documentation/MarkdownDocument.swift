import Foundation

// MARK: - MarkdownDocument

/// A Markdown file of the repository, read for what the documentation tests check: its
/// ```swift blocks, its headings (as GitHub makes anchors of them) and its relative links.
struct MarkdownDocument {
    /// The repository's root folder: this file is `Tests/SchemaReconcilerAppTests/Documentation/…`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The file's URL.
    let url: URL
    /// Its text.
    let text: String

    init(_ url: URL) throws {
        self.url = url
        text = try String(contentsOf: url, encoding: .utf8)
    }

    /// The file at `path`, relative to the repository's root.
    init(path: String) throws {
        try self.init(Self.repositoryRoot.appendingPathComponent(path))
    }

    /// The path from the repository's root, for messages.
    var path: String {
        let root = Self.repositoryRoot.standardizedFileURL.path + "/"
        let full = url.standardizedFileURL.path
        return full.hasPrefix(root) ? String(full.dropFirst(root.count)) : full
    }

    // MARK: Documents

    /// The documents a reader of the repository opens: README.md, ARCHITECTURE.md, CHANGELOG.md,
    /// Benchmarks/README.md and the `.md` files of docs/.
    static func repositoryDocuments() throws -> [MarkdownDocument] {
        let docs = try markdownFiles(in: repositoryRoot.appendingPathComponent("docs"))
        return try (["README.md", "ARCHITECTURE.md", "CHANGELOG.md", "Benchmarks/README.md"].map {
            repositoryRoot.appendingPathComponent($0)
        } + docs).map(MarkdownDocument.init)
    }

    /// The articles of the DocC catalog.
    static func catalogArticles() throws -> [MarkdownDocument] {
        try markdownFiles(in: repositoryRoot.appendingPathComponent("Sources/SchemaReconciler/SchemaReconciler.docc"))
            .map(MarkdownDocument.init)
    }

    /// The `.md` files of a folder, sorted, in its subfolders too.
    static func markdownFiles(in folder: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }
            .sorted { $0.path < $1.path }
    }

    // MARK: Code blocks

    /// The lines outside fenced code blocks, with their line numbers (from 1).
    var proseLines: [(number: Int, text: Substring)] {
        var prose: [(Int, Substring)] = []
        var fence: Substring?
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.drop(while: { $0 == open.first }).allSatisfy(\.isWhitespace) { fence = nil }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix { $0 == trimmed.first }
            } else {
                prose.append((offset + 1, line))
            }
        }
        return prose
    }

    /// The code of each ```swift block.
    var swiftBlocks: [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var lines = current {
                if trimmed == "```" {
                    blocks.append(lines.joined(separator: "\n"))
                    current = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if trimmed == "```swift" {
                current = []
            }
        }
        return blocks
    }

    // MARK: Headings and links

    /// The anchors GitHub makes of the headings: lower case, spaces made `-`, every character
    /// but letters, digits, `-` and `_` dropped, and `-1`, `-2`… after a repeated one.
    var anchors: Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for (_, line) in proseLines where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }
            guard title.first == " " else { continue }
            let anchor = Self.anchor(for: String(title))
            let count = seen[anchor, default: 0]
            seen[anchor] = count + 1
            anchors.insert(count == 0 ? anchor : "\(anchor)-\(count)")
        }
        return anchors
    }

    /// GitHub's anchor for a heading's text.
    static func anchor(for title: String) -> String {
        String(title.trimmingCharacters(in: .whitespaces).lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            if character == "-" || character == "_" || character.isLetter || character.isNumber { return character }
            return nil
        })
    }

    /// The targets of the inline links and images outside code: `[text](target)`, without a
    /// title, with their line numbers. Inline code spans are left out.
    var links: [(line: Int, target: String)] {
        var links: [(Int, String)] = []
        for (number, line) in proseLines {
            let prose = Self.removingCodeSpans(String(line))
            var rest = prose[...]
            while let close = rest.range(of: "](") {
                let after = rest[close.upperBound...]
                guard let end = after.firstIndex(of: ")") else { break }
                let target = after[..<end].split(separator: " ").first.map(String.init) ?? ""
                links.append((number, target.trimmingCharacters(in: CharacterSet(charactersIn: "<>"))))
                rest = after[end...]
            }
        }
        return links
    }

    /// `line` without its `code spans`.
    static func removingCodeSpans(_ line: String) -> String {
        var result = ""
        var inCode = false
        var ticks = 0
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == "`" {
                let run = line[index...].prefix { $0 == "`" }.count
                if !inCode { inCode = true; ticks = run } else if run == ticks { inCode = false }
                index = line.index(index, offsetBy: run)
                continue
            }
            if !inCode { result.append(line[index]) }
            index = line.index(after: index)
        }
        return result
    }
}

// MARK: - Comparing code word for word

enum CodeText {
    /// The non-empty lines of `text`, trimmed, with each run of spaces made one space.
    static func normalizedLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        }.filter { !$0.isEmpty }
    }

    /// Whether `lines` holds `run` as consecutive lines.
    static func contains(_ lines: [String], _ run: [String]) -> Bool {
        guard !run.isEmpty, run.count <= lines.count else { return false }
        return (0...(lines.count - run.count)).contains { start in
            lines[start..<(start + run.count)].elementsEqual(run)
        }
    }
}
