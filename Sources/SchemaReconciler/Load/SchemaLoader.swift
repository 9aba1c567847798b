import Foundation
import Yams

// MARK: - SchemaLoader

/// Loads `schema.yaml`: parses it, validates it, and reads every upgrade script it names.
///
/// Any problem is a ``SchemaError`` that names the file, line and column to fix; nothing else
/// is thrown.
///
/// ```swift
/// let loader = SchemaLoader()
/// let file = try loader.load(contentsOf: URL(fileURLWithPath: "schema.yaml"))
/// print(file.version)                             // 2.1.0
/// print(file.schema.tables.map(\.name))           // ["teams", "users"]
/// print(file.upgrades.map(\.version.description)) // ["1.4.0", "2.0.0"]
/// ```
package struct SchemaLoader: Sendable {
    // MARK: Creating a loader

    /// Creates a loader; `prepareDatabase` prepares the connections on which SQLite checks the
    /// file.
    ///
    /// ```swift
    /// let loader = SchemaLoader()
    /// let preparing = SchemaLoader(prepareDatabase: options.prepareDatabase)
    /// ```
    package init(prepareDatabase: DatabasePreparation? = nil) {
        self.prepareDatabase = prepareDatabase
    }

    /// Whether the upgrade scripts are read. A past release's file, loaded to build that
    /// release's database, names scripts that never run again: they need not be there.
    package var readsScripts = true

    /// What prepares the connections on which SQLite checks the file: the app's collations and
    /// functions (``Reconciler/Options/prepareDatabase``).
    ///
    /// ```swift
    /// var loader = SchemaLoader()
    /// loader.prepareDatabase = { db in db.add(collation: french) }
    /// ```
    package var prepareDatabase: DatabasePreparation?

    /// Whether a collation or function that the checking connection does not have is stood in
    /// for, and listed in ``SchemaFile/standIns``, rather than refused: for the `reconcile`
    /// command, which cannot run the app's code, and for a file whose objects a database
    /// already holds (a past release's, one written by `inspect`).
    package var standsInForUnregisteredSQL = false

    // MARK: Loading

    /// Reads schema.yaml at `url`, validates it, and reads every upgrade script it names
    /// (relative to the file's directory).
    ///
    /// ```swift
    /// do {
    ///     let file = try SchemaLoader().load(contentsOf: URL(fileURLWithPath: "schema.yaml"))
    ///     print(file.schema.tables.count)
    /// } catch let error as SchemaError {
    ///     print(error) // schema.yaml:12:7: error: unknown key 'not_nul' in column 'email' of table 'users'; …
    /// }
    /// ```
    ///
    /// - Throws: ``SchemaError`` only.
    package func load(contentsOf url: URL) throws -> SchemaFile {
        let path = Self.displayPath(of: url)
        guard url.isFileURL else {
            throw SchemaError.unreadable(path: path, reason: "it is not a file URL")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw SchemaError.unreadable(path: path, reason: "no such file")
        }
        if isDirectory.boolValue {
            throw SchemaError.unreadable(path: path, reason: "it is a directory, not a file")
        }
        let signature = FileSignature.of(url.path)
        if let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int {
            try Self.refuseOversized(size, limit: YAMLBounds.maxFileSize, what: "schema.yaml",
                                     at: SourceLocation(file: path, line: 1, column: 1))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SchemaError.unreadable(path: path, reason: UpgradeScriptReader.reason(error))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SchemaError.unreadable(path: path, reason: "it is not UTF-8 text")
        }
        var file = try load(yaml: text, url: url, contents: data)
        if readsScripts {
            file.fileSignature = FileSignature.joined([signature] + file.upgrades.flatMap(\.scripts).map(\.signature))
        }
        return file
    }

    /// Loads schema.yaml from text already in memory; `url` names the file in errors and is the
    /// base for the paths of upgrade scripts.
    ///
    /// ```swift
    /// let file = try SchemaLoader().load(yaml: """
    ///     version: 1.0.0
    ///     tables:
    ///       notes: { columns: { id: { type: INTEGER, primary_key: true }, body: TEXT } }
    ///     """, url: URL(fileURLWithPath: "schema.yaml"))
    /// file.schema.table(named: "notes")?.columns.count // 2
    /// ```
    ///
    /// - Throws: ``SchemaError`` only.
    package func load(yaml: String, url: URL) throws -> SchemaFile {
        try load(yaml: yaml, url: url, contents: Data(yaml.utf8))
    }

    // MARK: Implementation

    private func load(yaml: String, url: URL, contents: Data) throws -> SchemaFile {
        let file = Self.displayPath(of: url)
        let reader = YAMLReader(file: file)
        try Self.refuseOversized(contents.count, limit: YAMLBounds.maxFileSize, what: "schema.yaml",
                                 at: SourceLocation(file: file, line: 1, column: 1))
        try YAMLBounds(file: file).check(yaml)
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml, Self.resolver)
        } catch let error as YamlError {
            throw Self.schemaError(from: error, file: file, yaml: yaml)
        } catch {
            throw SchemaError.syntax("\(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
        let parsed = try SchemaParser(reader: reader).parse(root)
        // Only code generation reads these; root is a document once parse(_:) has read it.
        let recordOverrides = try root.map { try RecordOverridesParser(reader: reader).parse($0) } ?? RecordOverrides()
        try SQLiteFeatureCheck(schema: parsed.schema, locations: parsed.locations).run()
        var check = DeclaredSQLCheck(schema: parsed.schema, locations: parsed.locations, preparation: prepareDatabase,
                                     standsInForUnregisteredSQL: standsInForUnregisteredSQL)
        try check.run()
        let scripts = UpgradeScriptReader(directory: url.deletingLastPathComponent(), file: file)
        var loaded = SchemaFile(
            url: url,
            version: parsed.version,
            schema: parsed.schema,
            drop: parsed.drop,
            upgrades: readsScripts ? try scripts.read(parsed.upgrades, reader: reader)
                : parsed.upgrades.map { UpgradeScripts(version: $0.version, scripts: [], olderBuildsReadIt: $0.olderBuildsReadIt) },
            contents: contents,
            locations: parsed.locations)
        loaded.seeds = readsScripts ? try scripts.read(seeds: parsed.seeds, reader: reader) : []
        loaded.standIns = check.standIns
        loaded.defaultFunctions = check.defaultStandIns
        loaded.viewColumns = check.viewColumns
        loaded.legacy = parsed.legacy
        loaded.compatibility = parsed.compatibility
        loaded.ignore = parsed.ignore
        loaded.compatibleFrom = parsed.compatibleFrom
        loaded.recordOverrides = recordOverrides
        return loaded
    }

    // MARK: Tags

    /// YAML's basic resolver: every scalar is text until the key that reads it says otherwise.
    /// It has no rules, so resolving a tag costs no pattern matching.
    static let resolver = Resolver.basic

    // MARK: Size

    /// Refuses a file of `size` bytes over `limit`, before it is read.
    static func refuseOversized(_ size: Int, limit: Int, what: String, at location: SourceLocation) throws {
        guard size > limit else { return }
        func mebibytes(_ bytes: Int) -> String {
            let value = Double(bytes) / Double(1 << 20)
            return value >= 10 || value.rounded() == value ? "\(Int(value.rounded())) MiB" : String(format: "%.1f MiB", value)
        }
        throw SchemaError.overLimit("\(what) is \(mebibytes(size)), over the \(mebibytes(limit)) limit "
                                        + "(a larger file is most likely not the one meant)", at: location)
    }

    /// The file as given: the URL's path relative to its base when it has one.
    static func displayPath(of url: URL) -> String {
        url.isFileURL ? url.relativePath : url.absoluteString
    }

    // MARK: YAML errors

    /// The ``SchemaError`` for an error of the YAML scanner, parser or composer.
    static func schemaError(from error: YamlError, file: String, yaml: String) -> SchemaError {
        func location(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: file, line: max(mark.line, 1), column: max(mark.column, 1))
        }
        func message(_ problem: String, _ context: YamlError.Context?) -> String {
            guard let context, !context.text.isEmpty else { return problem }
            return "\(problem), \(context.text) at line \(context.mark.line), column \(context.mark.column)"
        }
        switch error {
        case .scanner(_, let problem, let mark, _) where problem.hasPrefix("Maximum nesting level reached"),
             .parser(_, let problem, let mark, _) where problem.hasPrefix("Maximum nesting level reached"):
            return YAMLBounds.tooDeep(at: location(mark))
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _):
            var text = message(problem, context)
            if character(at: mark, in: yaml) == "\t" {
                text += " (YAML does not allow tabs for indentation; use spaces)"
            }
            return .syntax(text, at: location(mark))
        case .composer(let context, let problem, let mark, _):
            if problem == "but found another document" {
                return .syntax("the file holds more than one YAML document ('---'); schema.yaml is one document",
                               at: location(mark))
            }
            return .syntax(message(problem, context), at: location(mark))
        case .reader(let problem, let offset, _, _):
            return .syntax(problem, at: offset.map { Self.location(ofByte: $0, in: yaml, file: file) }
                ?? SourceLocation(file: file, line: 1, column: 1))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? ""
            let first = location(context.mark)
            let second = secondOccurrence(of: key, after: context.mark, in: yaml).map {
                SourceLocation(file: file, line: $0.line, column: $0.column)
            }
            return .duplicateKey(key, in: "the same mapping", first: key, firstAt: second == nil ? nil : first,
                                 at: second ?? first)
        default:
            return .syntax("\(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    /// The character at a mark (1-based line and column in Unicode scalars), if any.
    private static func character(at mark: Mark, in yaml: String) -> Unicode.Scalar? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        let scalars = Array(lines[mark.line - 1].unicodeScalars)
        guard mark.column >= 1, mark.column <= scalars.count else { return nil }
        return scalars[mark.column - 1]
    }

    /// The line and column of a UTF-8 byte offset.
    private static func location(ofByte offset: Int, in yaml: String, file: String) -> SourceLocation {
        var line = 1
        var column = 1
        var consumed = 0
        for scalar in yaml.unicodeScalars {
            if consumed >= offset { break }
            consumed += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// Where a key written twice in one mapping is written the second time: Yams reports only
    /// the first. Looks on the same line (flow mappings) and then at the same indentation on the
    /// following lines, until the mapping ends.
    static func secondOccurrence(of key: String, after mark: Mark, in yaml: String) -> (line: Int, column: Int)? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Array($0.unicodeScalars) }
        let lineIndex = mark.line - 1
        let column = mark.column - 1
        guard lineIndex >= 0, lineIndex < lines.count else { return nil }
        let spellings = [key, "'\(key.replacingOccurrences(of: "'", with: "''"))'", "\"\(key)\""]
            .map { Array($0.unicodeScalars) }

        /// The spelling of the key followed by optional blanks and a colon at `start`, if any.
        func keyLength(in line: [Unicode.Scalar], at start: Int) -> Int? {
            for spelling in spellings where start + spelling.count <= line.count
                && Array(line[start..<start + spelling.count]) == spelling {
                var end = start + spelling.count
                while end < line.count, line[end] == " " || line[end] == "\t" { end += 1 }
                if end < line.count, line[end] == ":" { return spelling.count }
            }
            return nil
        }

        // Flow mapping: `{a: 1, a: 2}` on the same line.
        let line = lines[lineIndex]
        if column < line.count, let length = keyLength(in: line, at: column) {
            var position = column + length
            while position < line.count {
                if line[position] == "," || line[position] == "{" {
                    var start = position + 1
                    while start < line.count, line[start] == " " { start += 1 }
                    if keyLength(in: line, at: start) != nil { return (mark.line, start + 1) }
                }
                position += 1
            }
        }
        // Block mapping: the same key at the same indentation further down.
        for index in (lineIndex + 1)..<lines.count {
            let next = lines[index]
            let indent = next.prefix { $0 == " " }.count
            if indent == next.count || next[indent] == "#" { continue }
            if indent < column { break }
            if indent == column, keyLength(in: next, at: column) != nil { return (index + 1, column + 1) }
        }
        return nil
    }
}
