// MARK: - Schema.VirtualTable

extension Schema {
    /// A virtual table: its module and the arguments given to it, as written
    /// (`CREATE VIRTUAL TABLE name USING module(arguments…)`). FTS5, FTS4 and FTS3 full-text
    /// indexes, R*Tree spatial indexes, and any other module SQLite has.
    ///
    /// ```swift
    /// let search = Schema.VirtualTable(name: "notes_fts", module: "fts5",
    ///                                  arguments: ["title", "body", "content='notes'", "content_rowid='id'"])
    /// search.contentTable // "notes"
    /// ```
    package struct VirtualTable: Sendable, Equatable {
        /// The table name.
        package var name: String
        /// The module (`fts5`, `rtree`, …), as written.
        package var module: String
        /// The module's arguments, each as written.
        package var arguments: [String]
        /// The columns, as SQLite reports them for a live table; empty for a declared one.
        package var columns: [String]

        /// Creates a virtual table.
        package init(name: String, module: String, arguments: [String] = [], columns: [String] = []) {
            self.name = name
            self.module = module
            self.arguments = arguments
            self.columns = columns
        }

        /// Whether the module is one of SQLite's full-text search modules.
        package var isFullText: Bool {
            ["fts3", "fts4", "fts5"].contains(module.lowercased())
        }

        /// A full-text option given as `name=value` (`content`, `tokenize`, `prefix`…), its value
        /// unquoted; nil when the argument is not there.
        package func option(_ name: String) -> String? {
            for argument in arguments {
                let tokens = SQLTokenizer.tokens(in: argument)
                guard tokens.count >= 2, tokens[0].isSameName(as: name), tokens[1].isSymbol("=") else { continue }
                let value = tokens.dropFirst(2)
                if value.count == 1, let single = value.first, single.kind == .string || single.kind == .quotedIdentifier {
                    return single.nameValue
                }
                return SQLText.text(of: value, in: argument)
            }
            return nil
        }

        /// The table an external-content full-text index reads its rows from: `content=…` when it
        /// names a table; nil for an index that stores its own text, or one without content (`content=''`).
        package var contentTable: String? {
            guard isFullText, let content = option("content"), !content.isEmpty else { return nil }
            return content
        }

        /// Whether the full-text index keeps no content at all (`content=''`): it cannot be filled again.
        package var isContentless: Bool {
            isFullText && option("content")?.isEmpty == true
        }

        /// The columns a full-text table declares (its arguments that are not `name=value`
        /// options), or every argument of an R*Tree; nil for other modules.
        package var declaredColumns: [String]? {
            switch module.lowercased() {
            case "fts3", "fts4", "fts5":
                return arguments.compactMap { argument in
                    let tokens = SQLTokenizer.tokens(in: argument)
                    guard let first = tokens.first, let name = first.nameValue, first.kind != .string,
                          !tokens.contains(where: { $0.isSymbol("=") }) else { return nil }
                    return name
                }
            case "rtree", "rtree_i32":
                return arguments.compactMap { SQLTokenizer.tokens(in: $0).first?.nameValue }
            default:
                return nil
            }
        }
    }
}

extension SQLToken {
    /// Whether the token is a name SQLite takes for `name`.
    package func isSameName(as name: String) -> Bool {
        nameValue.map { SQLName.same($0, name) } ?? false
    }
}
