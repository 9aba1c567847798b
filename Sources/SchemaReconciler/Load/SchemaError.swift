import Foundation

// MARK: - SchemaError

/// Why `schema.yaml` (or an upgrade script it names) could not be loaded.
///
/// Every case but ``unreadable(path:reason:)`` carries the place in the file that needs fixing,
/// and ``description`` reads as one line in the style of a compiler diagnostic:
///
/// ```swift
/// do {
///     _ = try SchemaLoader().load(contentsOf: URL(fileURLWithPath: "schema.yaml"))
/// } catch let error as SchemaError {
///     print(error) // schema.yaml:12:7: error: unknown key 'not_nul' in column 'email' of table 'users'; did you mean 'not_null'?
/// }
/// ```
public enum SchemaError: Error, CustomStringConvertible, Equatable {
    // MARK: Cases

    /// The file does not exist or cannot be read as UTF-8 text.
    ///
    /// ```swift
    /// SchemaError.unreadable(path: "schema.yaml", reason: "no such file")
    /// ```
    case unreadable(path: String, reason: String)

    /// The text is not valid YAML.
    ///
    /// ```swift
    /// SchemaError.syntax("found a tab character that violates indentation", at: here)
    /// ```
    case syntax(String, at: SourceLocation)

    /// A key that is not allowed where it is written; `suggestion` is the closest allowed key.
    ///
    /// ```swift
    /// SchemaError.unknownKey("not_nul", in: "column 'email' of table 'users'", suggestion: "not_null",
    ///                        allowed: ["type", "not_null"], at: here)
    /// ```
    case unknownKey(String, in: String, suggestion: String?, allowed: [String], at: SourceLocation)

    /// A key written twice in one mapping, or a name that SQLite cannot tell apart from another
    /// one (names that differ only in letter case). `first` is the earlier spelling, when known.
    ///
    /// ```swift
    /// SchemaError.duplicateKey("Users", in: "tables", first: "users", firstAt: there, at: here)
    /// ```
    case duplicateKey(String, in: String, first: String?, firstAt: SourceLocation?, at: SourceLocation)

    /// A value of the wrong shape: a list where text is expected, `yes` for a boolean…
    ///
    /// ```swift
    /// SchemaError.wrongType("not_null", in: "column 'email' of table 'users'",
    ///                       expected: "true or false", found: "'yes'", at: here)
    /// ```
    case wrongType(String, in: String, expected: String, found: String, at: SourceLocation)

    /// A value of the right shape that is not acceptable, with the reason.
    ///
    /// ```swift
    /// SchemaError.invalidValue("explode", for: "on_delete", in: "column 'team_id' of table 'users'",
    ///                          reason: "expected one of CASCADE, SET NULL", at: here)
    /// ```
    case invalidValue(String, for: String, in: String, reason: String, at: SourceLocation)

    /// A required key is absent.
    ///
    /// ```swift
    /// SchemaError.missingKey("columns", in: "table 'users'", at: here)
    /// ```
    case missingKey(String, in: String, at: SourceLocation)

    /// A name that the file does not declare: `what` says what is missing (`table 'teamz'`),
    /// `in` who names it; `suggestion` is the closest declared name.
    ///
    /// ```swift
    /// SchemaError.undeclaredReference("table 'teamz'", in: "column 'team_id' of table 'users'",
    ///                                 suggestion: "teams", at: here)
    /// ```
    case undeclaredReference(String, in: String, suggestion: String?, at: SourceLocation)

    /// A name that SQLite or the reconciler reserves (`sqlite_…`, `_reconciler…`); `kind` says
    /// what it names.
    ///
    /// ```swift
    /// SchemaError.reservedName("sqlite_cache", kind: "table", prefix: "sqlite_", at: here)
    /// ```
    case reservedName(String, kind: String, prefix: String, at: SourceLocation)

    /// A declared (or dropped, or renamed-from) name that `ignore`, or a name ignored without
    /// it (Litestream's `_litestream_*`, the table that `legacy` names), says another tool owns;
    /// `kind` says what it names, `reason` which rule matches it and how to fix it.
    ///
    /// ```swift
    /// SchemaError.ignoredName("cache_users", kind: "table",
    ///                         reason: "it matches the ignore pattern 'cache_*'; …", at: here)
    /// ```
    case ignoredName(String, kind: String, reason: String, at: SourceLocation)

    /// Declarations that contradict each other; the message says which and how to fix it.
    ///
    /// ```swift
    /// SchemaError.conflict("column 'score' of table 'users' has both 'default' and 'default_sql'; keep one", at: here)
    /// ```
    case conflict(String, at: SourceLocation)

    /// `version` or an `upgrades` key that is not a semantic version.
    ///
    /// ```swift
    /// SchemaError.invalidVersion("1.x", at: here)
    /// ```
    case invalidVersion(String, at: SourceLocation)

    /// An upgrade keyed above the schema's `version`: it would never run.
    ///
    /// ```swift
    /// SchemaError.upgradeAboveVersion(upgrade: "2.2.0", version: "2.1.0", at: here)
    /// ```
    case upgradeAboveVersion(upgrade: SemanticVersion, version: SemanticVersion, at: SourceLocation)

    /// A script that schema.yaml names (an upgrade's, or a seed) that does not exist.
    ///
    /// ```swift
    /// SchemaError.missingScript("upgrades/1.4.0.sql", at: here)
    /// ```
    case missingScript(String, at: SourceLocation)

    /// A script path (an upgrade's, or a seed) that leads outside the directory of schema.yaml.
    ///
    /// ```swift
    /// SchemaError.scriptOutsideDirectory("../x.sql", at: here)
    /// ```
    case scriptOutsideDirectory(String, at: SourceLocation)

    /// A script (an upgrade's, or a seed) that exists but cannot be read as UTF-8 text.
    ///
    /// ```swift
    /// SchemaError.unreadableScript("upgrades/1.4.0.sql", reason: "it is not UTF-8 text", at: here)
    /// ```
    case unreadableScript(String, reason: String, at: SourceLocation)

    /// A declared table, index, view or trigger that SQLite itself refuses to create: a syntax
    /// error in an expression, a default that is not constant, a generated column over a
    /// missing column…
    ///
    /// ```swift
    /// SchemaError.refusedBySQLite("table 'users'", message: #"near ">": syntax error"#, at: here)
    /// ```
    case refusedBySQLite(String, message: String, at: SourceLocation)

    /// A collation, SQL function or full-text tokenizer that a declaration uses and that the
    /// connection checking the file does not have: neither SQLite's nor GRDB's, so the app's
    /// own (or a misspelt name). `kind` is `collation`, `function` or `tokenizer`; `in` says
    /// what uses it. An app registers its own in ``Reconciler/Options/prepareDatabase``.
    ///
    /// ```swift
    /// SchemaError.unregistered("french", kind: "collation", in: "column 'name' of table 'contacts'", at: here)
    /// ```
    case unregistered(String, kind: String, in: String, at: SourceLocation)

    /// The connection on which SQLite checks the file could not be prepared: the preparation
    /// given to the loader (``Reconciler/Options/prepareDatabase``) threw; `reason` is its error.
    ///
    /// ```swift
    /// SchemaError.preparationFailed(path: "schema.yaml", reason: "SQLite error 1: prepareDatabase threw: …")
    /// ```
    case preparationFailed(path: String, reason: String)

    /// The input goes past one of the bounds the loader keeps, so that a broken or hostile file
    /// is refused at once: schema.yaml over 8 MiB or a script over 64 MiB, aliases that stand
    /// for more than 1,000,000 values, values nested more than 64 levels deep.
    ///
    /// ```swift
    /// SchemaError.overLimit("schema.yaml is 52 MiB, over the 8 MiB a schema file may have", at: here)
    /// ```
    case overLimit(String, at: SourceLocation)

    /// A declared object uses what the SQLite the app runs on does not have yet: a STRICT table
    /// before SQLite 3.37, a generated column before 3.31.
    ///
    /// ```swift
    /// SchemaError.needsNewerSQLite("table 'events'", feature: "STRICT", minimum: "3.37.0", running: "3.36.0", at: here)
    /// ```
    case needsNewerSQLite(String, feature: String, minimum: String, running: String, at: SourceLocation)

    /// A declaration that the sync named by `compatibility:` does not allow on a table it syncs:
    /// what the file declares, the profile, and why it cannot be synced and what to do instead.
    ///
    /// ```swift
    /// SchemaError.incompatible("column 'email' of table 'users' is UNIQUE", profile: "cloudkit",
    ///                          reason: "two devices can each write the same value offline…", at: here)
    /// ```
    case incompatible(String, profile: String, reason: String, at: SourceLocation)

    /// Records of the old migration tool that `legacy.versions` lists without the app version
    /// they stand for (`v1:`, with no value, as `reconcile inspect` writes GRDB's migrations), every one of
    /// them: the records, the source, the line of each, and the place of the first. Until each
    /// has its version, a database that holds one cannot be placed.
    ///
    /// ```swift
    /// SchemaError.legacyVersionsMissing(["v1", "v2-tags"], source: "grdb_migrations", lines: [14, 15], at: here)
    /// ```
    case legacyVersionsMissing([String], source: String, lines: [Int], at: SourceLocation)

    // MARK: Location

    /// Where the error is in the file; nil when the file itself could not be read.
    ///
    /// ```swift
    /// if let location = error.location { print(location.line, location.column) }
    /// ```
    public var location: SourceLocation? {
        switch self {
        case .unreadable, .preparationFailed:
            return nil
        case .syntax(_, let at),
             .unknownKey(_, _, _, _, let at),
             .duplicateKey(_, _, _, _, let at),
             .wrongType(_, _, _, _, let at),
             .invalidValue(_, _, _, _, let at),
             .missingKey(_, _, let at),
             .undeclaredReference(_, _, _, let at),
             .reservedName(_, _, _, let at),
             .ignoredName(_, _, _, let at),
             .conflict(_, let at),
             .invalidVersion(_, let at),
             .upgradeAboveVersion(_, _, let at),
             .missingScript(_, let at),
             .scriptOutsideDirectory(_, let at),
             .unreadableScript(_, _, let at),
             .refusedBySQLite(_, _, let at),
             .unregistered(_, _, _, let at),
             .overLimit(_, let at),
             .needsNewerSQLite(_, _, _, _, let at),
             .incompatible(_, _, _, let at),
             .legacyVersionsMissing(_, _, _, let at):
            return at
        }
    }

    // MARK: Description

    /// The diagnostic on one line: `file:line:column: error: message`.
    ///
    /// ```swift
    /// print(error.description) // schema.yaml:3:5: error: missing key 'columns' in table 'users'
    /// ```
    public var description: String {
        switch self {
        case .unreadable(let path, _), .preparationFailed(let path, _):
            return "\(path): error: \(message)"
        default:
            return "\(location!): error: \(message)"
        }
    }

    /// The message alone, without the location.
    ///
    /// ```swift
    /// SchemaError.missingKey("columns", in: "table 'users'", at: here).message
    /// // "missing key 'columns' in table 'users'"
    /// ```
    public var message: String {
        switch self {
        case .unreadable(_, let reason):
            return "cannot read the schema file: \(reason)"
        case .syntax(let message, _):
            return "invalid YAML: \(message)"
        case .unknownKey(let key, let context, let suggestion, let allowed, _):
            if let suggestion {
                return "unknown key '\(key)' in \(context); did you mean '\(suggestion)'?"
            }
            if allowed.isEmpty {
                return "unknown key '\(key)' in \(context)"
            }
            return "unknown key '\(key)' in \(context); allowed keys are "
                + allowed.map { "'\($0)'" }.joined(separator: ", ")
        case .duplicateKey(let key, let context, let first, let firstAt, _):
            var text = "duplicate key '\(key)' in \(context)"
            if let first, first != key {
                text += "; it is the same as '\(first)'"
                if let firstAt { text += " at line \(firstAt.line)" }
                if first.lowercased() == key.lowercased() { text += " (SQLite ignores letter case in names)" }
            } else if let firstAt {
                text += "; it is already written at line \(firstAt.line), column \(firstAt.column)"
            }
            return text
        case .wrongType(let key, let context, let expected, let found, _):
            if key.isEmpty { return "\(context) must be \(expected), not \(found)" }
            return "'\(key)' in \(context) must be \(expected), not \(found)"
        case .invalidValue(let value, let key, let context, let reason, _):
            return "invalid value '\(value)' for '\(key)' in \(context): \(reason)"
        case .missingKey(let key, let context, _):
            return "missing key '\(key)' in \(context)" + Self.hint(forMissing: key, in: context)
        case .undeclaredReference(let what, let context, let suggestion, _):
            var text = "\(context) names \(what), which this file does not declare"
            if let suggestion { text += "; did you mean '\(suggestion)'?" }
            return text
        case .reservedName(let name, let kind, let prefix, _):
            let owner = prefix == "sqlite_" ? "SQLite's own objects" : "the reconciler's own state"
            return "\(kind) name '\(name)' is reserved: names starting with '\(prefix)' belong to \(owner); choose another name"
        case .ignoredName(let name, let kind, let reason, _):
            return "\(kind) '\(name)' belongs to another tool: \(reason)"
        case .conflict(let message, _):
            return message
        case .invalidVersion(let text, _):
            return "'\(text)' is not a semantic version; write MAJOR.MINOR.PATCH, numbers without leading zeros, such as 1.4.0 "
                + "(1.4 means 1.4.0; a pre-release such as 2.0.0-beta.2 is allowed)"
        case .upgradeAboveVersion(let upgrade, let version, _):
            return "upgrade \(upgrade) is above the schema's version \(version), so it would never run; "
                + "bump `version` to run it"
        case .missingScript(let path, _):
            return "script '\(path)' does not exist (paths are relative to the directory of the schema file)"
        case .scriptOutsideDirectory(let path, _):
            return "script '\(path)' is outside the directory of the schema file; "
                + "scripts must be inside that directory"
        case .unreadableScript(let path, let reason, _):
            return "cannot read script '\(path)': \(reason)"
        case .refusedBySQLite(let what, let message, _):
            return "SQLite refuses \(what) as declared: \(message)"
        case .unregistered(let name, let kind, let context, _):
            let builtIns = UnregisteredSQL(kind: .init(rawValue: kind) ?? .function, name: name).builtIns
            return "\(context) uses the \(kind) '\(name)', which is not registered: a connection has \(builtIns); "
                + "register the app's own in Reconciler.Options.prepareDatabase, which prepares every connection the "
                + "reconciler opens, or pass the same closure to SchemaFile(contentsOf:prepareDatabase:)"
        case .preparationFailed(_, let reason):
            return "cannot check the schema file: the connection SQLite checks it on could not be prepared: \(reason)"
        case .overLimit(let message, _):
            return message
        case .needsNewerSQLite(let what, let feature, let minimum, let running, _):
            return "\(what) is \(feature), which needs SQLite \(minimum) or later; this SQLite is \(running): "
                + "raise the app's minimum OS version to one that ships it, or declare the object without it"
        case .incompatible(let what, let profile, let reason, _):
            return "\(what), which compatibility: \(profile) does not allow: \(reason)"
        case .legacyVersionsMissing(let records, let source, let lines, _):
            return Self.legacyVersionsMissingMessage(records, source: source, lines: lines)
        }
    }

    /// `legacy.versions gives no app version to the migrations v1 (line 14), v2 (line 15) of grdb_migrations: …`.
    private static func legacyVersionsMissingMessage(_ records: [String], source: String, lines: [Int]) -> String {
        let isMigration = source == LegacyRecord.Source.grdbMigrations.description
        let noun = isMigration ? "migration" : "record"
        let listed = zip(records, lines).map { "\($0) (line \($1))" }.joined(separator: ", ")
        let example = "\(records.first ?? "v1"): 1.0.0"
        return "legacy.versions gives no app version to the \(noun)\(records.count == 1 ? "" : "s") \(listed) of \(source): "
            + "after each, write the app version of the first release that "
            + (isMigration ? "ran it" : "recorded it") + ", such as `\(example)`. A database is placed at the "
            + (isMigration ? "highest version among the migrations it holds" : "version of the highest key at or below its record")
            + " and runs the upgrades keyed above it, so a sync, a dry run and check refuse the file until every "
            + "\(noun) has its version"
    }

    /// How to add a missing key, for the keys whose purpose is not obvious from their name.
    private static func hint(forMissing key: String, in context: String) -> String {
        switch key {
        case "columns" where !context.hasPrefix("table "): return "; list them, such as columns: [a, b]"
        case "version": return "; add version: 1.0.0 (the app version this schema belongs to)"
        case "tables": return "; add tables: {} when there are none yet"
        case "columns": return "; add columns: { id: { type: INTEGER, primary_key: true } } (at least one column)"
        case "table": return "; name the parent table"
        case "references": return "; add references: { table: parent, columns: [id] }"
        default: return ""
        }
    }
}

// MARK: - Typed throws

extension SchemaError {
    /// Runs a part of the loader, which throws nothing but ``SchemaError``.
    static func catching<T>(_ body: () throws -> T) throws(SchemaError) -> T {
        do {
            return try body()
        } catch let error as SchemaError {
            throw error
        } catch {
            throw .syntax(String(describing: error), at: SourceLocation(file: "schema.yaml", line: 1, column: 1))
        }
    }
}

// MARK: - LocalizedError

extension SchemaError: LocalizedError {
    /// The same one-line diagnostic as ``description``, for APIs that show `localizedDescription`.
    ///
    /// ```swift
    /// print(error.localizedDescription) // schema.yaml:3:5: error: missing key 'columns' in table 'users'
    /// ```
    public var errorDescription: String? { description }
}

// MARK: - What an error names

extension UnregisteredSQL {
    /// What a ``SchemaError/unregistered(_:kind:in:at:)`` error names; nil for another error.
    ///
    /// ```swift
    /// let missing = file.standIns.compactMap(UnregisteredSQL.init)
    /// ```
    package init?(_ error: SchemaError) {
        guard case .unregistered(let name, let kind, _, _) = error, let kind = Kind(rawValue: kind) else { return nil }
        self.init(kind: kind, name: name)
    }
}
