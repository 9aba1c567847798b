import Foundation
import GRDB

// MARK: - UnregisteredSQL

/// A collation, SQL function or full-text tokenizer that a statement uses and that the
/// connection does not have, as SQLite's error names it: neither built into SQLite nor added by
/// GRDB to every connection, so the app's own (or a misspelt name).
///
/// ```swift
/// if let missing = UnregisteredSQL(message: "no such collation sequence: french") {
///     missing.kind                    // .collation
///     missing.registerStandIn(in: db) // true: SQLite now has a "french" that does nothing
/// }
/// ```
package struct UnregisteredSQL: Hashable, Sendable {
    /// What the connection lacks.
    package enum Kind: String, Sendable {
        /// A collation (`COLLATE name`).
        case collation
        /// An SQL function.
        case function
        /// A full-text tokenizer (`tokenize = 'name'`).
        case tokenizer
    }

    /// What the connection lacks.
    package var kind: Kind
    /// Its name, as the statement spells it.
    package var name: String

    /// A collation, function or tokenizer that the connection lacks.
    ///
    /// ```swift
    /// let missing = UnregisteredSQL(kind: .function, name: "initials")
    /// ```
    package init(kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }

    /// What SQLite's message says the connection lacks; nil for any other message.
    ///
    /// ```swift
    /// UnregisteredSQL(message: "no such function: initials")?.name // "initials"
    /// UnregisteredSQL(message: "unknown function: uuid()")?.name   // "uuid": a default calls it
    /// ```
    package init?(message: String) {
        guard let (prefix, kind) = Self.messages.first(where: { message.hasPrefix($0.0) }) else { return nil }
        var name = String(message.dropFirst(prefix.count))
        if prefix == Self.defaultCallPrefix, name.hasSuffix("()") { name.removeLast(2) }
        guard !name.isEmpty else { return nil }
        self.init(kind: kind, name: name)
    }

    /// How SQLite says that a function a column's default calls is missing: it reads a default
    /// only when a statement inserts a row that takes it, and names the function then.
    static let defaultCallPrefix = "unknown function: "

    /// Whether SQLite's message is about a function that a column's default calls (where a
    /// statement that inserts a row takes the default), rather than one the statement calls.
    ///
    /// ```swift
    /// UnregisteredSQL.isDefaultCall("unknown function: uuid()") // true
    /// UnregisteredSQL.isDefaultCall("no such function: uuid")   // false
    /// ```
    package static func isDefaultCall(_ message: String) -> Bool {
        message.hasPrefix(defaultCallPrefix)
    }

    /// SQLite's messages for what a connection lacks (FTS5's, then FTS3's, for a tokenizer).
    private static let messages: [(String, Kind)] = [
        ("no such collation sequence: ", .collation),
        ("no such function: ", .function),
        (defaultCallPrefix, .function),
        ("no such tokenizer: ", .tokenizer),
        ("unknown tokenizer: ", .tokenizer),
    ]

    // MARK: Stand-ins

    /// Registers on `db` a stand-in that does nothing: a collation that compares as Swift
    /// compares strings, a function of any arguments that returns NULL. False for a tokenizer,
    /// which has none, and for a function the connection has (an aggregate that a default calls).
    ///
    /// ```swift
    /// UnregisteredSQL(kind: .collation, name: "french").registerStandIn(in: db)
    /// ```
    @discardableResult
    package func registerStandIn(in db: Database) -> Bool {
        switch kind {
        case .collation:
            db.add(collation: DatabaseCollation(name) { $0.compare($1) })
        case .function:
            // SQLite says an aggregate it has is unknown where a default calls it: no stand-in.
            if db.hasFunction(named: name) { return false }
            db.add(function: DatabaseFunction(name, argumentCount: nil, pure: true) { _ in nil })
        case .tokenizer:
            return false
        }
        return true
    }

    /// Registers on `db` a stand-in for a function that a column's default calls, which gives
    /// each row that takes the default a value of its own: 1, 2, 3…, counted across the
    /// connections it is registered on, so that a key it fills stays unique. For the command
    /// line's commands that write no database of the user's (`verify` fills databases in memory,
    /// whose triggers insert rows that take such defaults). False for a function `db` has.
    ///
    /// ```swift
    /// let counter = UnregisteredSQL.Counter()
    /// UnregisteredSQL(kind: .function, name: "uuid").registerNumberingStandIn(in: db, counter: counter)
    /// ```
    @discardableResult
    package func registerNumberingStandIn(in db: Database, counter: Counter) -> Bool {
        guard kind == .function, !db.hasFunction(named: name) else { return false }
        db.add(function: DatabaseFunction(name, argumentCount: nil, pure: false) { _ in counter.next() })
        return true
    }

    /// The values a numbering stand-in gives, shared by the connections it is registered on.
    package final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int64 = 0

        /// A counter at 0.
        package init() {}

        /// The next value: 1 first.
        package func next() -> Int64 {
            lock.withLock {
                value += 1
                return value
            }
        }
    }

    /// Whether it names the same as `other`: SQLite's names ignore ASCII letter case.
    ///
    /// ```swift
    /// UnregisteredSQL(kind: .collation, name: "French").isSame(as: UnregisteredSQL(kind: .collation, name: "FRENCH")) // true
    /// ```
    package func isSame(as other: UnregisteredSQL) -> Bool {
        kind == other.kind && name.isSameName(as: other.name)
    }

    // MARK: What every connection has

    /// What every connection has of this kind, for messages: SQLite's own, and GRDB's.
    ///
    /// ```swift
    /// UnregisteredSQL(kind: .collation, name: "french").builtIns
    /// // "SQLite's built-in collations (BINARY, NOCASE, RTRIM) and GRDB's (swiftLocalizedCaseInsensitiveCompare…)"
    /// ```
    package var builtIns: String {
        switch kind {
        case .collation: "SQLite's built-in collations (BINARY, NOCASE, RTRIM) and GRDB's (swiftLocalizedCaseInsensitiveCompare…)"
        case .function: "SQLite's built-in functions and GRDB's (swiftLowercaseString…)"
        case .tokenizer: "SQLite's built-in tokenizers (unicode61, ascii, porter, trigram)"
        }
    }
}

// MARK: - Functions a connection has

extension Database {
    /// Whether the connection has an SQL function of this name (SQLite's, GRDB's or one
    /// registered on it), as `pragma_function_list` says; false where SQLite cannot say.
    fileprivate func hasFunction(named name: String) -> Bool {
        (try? Bool.fetchOne(self, sql: "SELECT EXISTS (SELECT 1 FROM pragma_function_list WHERE name = ? COLLATE NOCASE)",
                            arguments: [name])) == true
    }
}
