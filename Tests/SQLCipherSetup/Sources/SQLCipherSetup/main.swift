import Foundation
import GRDB
import SchemaReconciler

// An app with GRDB+SQLCipher syncs an encrypted database three times: a table created, a CHECK
// added in place (the table's definition rewritten, no row copied), and a column inserted in the
// middle, which rebuilds the table. Each sync goes through the app's own DatabaseQueue, keyed in
// prepareDatabase as GRDB's README says. Exits 1 at the first thing that is not as expected.

func fail(_ what: String) -> Never {
    print("sqlcipher-setup: FAILED: \(what)")
    exit(1)
}

func require(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition { fail(what()) }
}

let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("sqlcipher-setup-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let schemaURL = folder.appendingPathComponent("schema.yaml")
let databasePath = folder.appendingPathComponent("notes.sqlite").path

func declare(_ yaml: String) throws {
    try yaml.write(to: schemaURL, atomically: true, encoding: .utf8)
}

// 1.0.0: a new table.
try declare("""
    version: 1.0.0
    tables:
      note:
        columns:
          id:    { type: INTEGER, primary_key: true }
          title: { type: TEXT, not_null: true }
          body:  { type: TEXT, not_null: true, default: "" }
    """)

// The app's connection, keyed as GRDB's README says; the sync goes through it. (The block the
// article InstallingWithSQLCipher.md shows, word for word.)
let passphrase = "correct horse battery staple"
var configuration = Configuration()
configuration.prepareDatabase { db in
    try db.usePassphrase(passphrase)
}
let dbQueue = try DatabaseQueue(path: databasePath, configuration: configuration)   // or DatabasePool
let reconciler = Reconciler(schemaURL: schemaURL)
let report = try reconciler.sync(dbQueue)

// `cipherVersion` exists only in a GRDB built with SQLITE_HAS_CODEC: this line compiles against
// the fork alone. The SQLite is SQLCipher's, whatever the system has.
let (cipherVersion, sqliteVersion) = try dbQueue.read { db in
    (try db.cipherVersion, try String.fetchOne(db, sql: "SELECT sqlite_version()")!)
}
print("sqlcipher-setup: SQLCipher \(cipherVersion), SQLite \(sqliteVersion)")
print("sqlcipher-setup: 1.0.0: \(report.plan.steps.map(\.description))")
require(report.didChange && report.plan.steps.map(\.description) == ["create table note"],
        "1.0.0 creates table note, got \(report.plan.steps)")
try dbQueue.write { db in
    try db.execute(sql: "INSERT INTO note (title, body) VALUES ('groceries', 'eggs'), ('ideas', '')")
}

// 1.1.0: a CHECK, made in place.
try declare("""
    version: 1.1.0
    tables:
      note:
        columns:
          id:    { type: INTEGER, primary_key: true }
          title: { type: TEXT, not_null: true, check: "length(title) > 0" }
          body:  { type: TEXT, not_null: true, default: "" }
    """)
let edit = try reconciler.sync(dbQueue)
print("sqlcipher-setup: 1.1.0: \(edit.plan.steps.map(\.description))")
require(edit.plan.steps.map(\.table) == ["note"]
            && edit.plan.steps.map(\.description).allSatisfy { $0.hasPrefix("edit table note") }
            && edit.plan.steps.map(\.method) == [.inPlace],
        "1.1.0 edits table note in place, got \(edit.plan.steps)")
do {
    try dbQueue.write { try $0.execute(sql: "INSERT INTO note (title) VALUES ('')") }
    fail("the CHECK added in place holds")
} catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
}

// 2.0.0: a column in the middle, which only a copy of the table gives.
try declare("""
    version: 2.0.0
    tables:
      note:
        columns:
          id:      { type: INTEGER, primary_key: true }
          title:   { type: TEXT, not_null: true, check: "length(title) > 0" }
          pinned:  { type: INTEGER, not_null: true, default: 0 }
          body:    { type: TEXT, not_null: true, default: "" }
    """)
let rebuild = try reconciler.sync(dbQueue)
print("sqlcipher-setup: 2.0.0: \(rebuild.plan.steps.map(\.description))")
require(rebuild.plan.steps.map(\.method) == [.rebuild], "2.0.0 rebuilds table note, got \(rebuild.plan.steps)")
let rows = try dbQueue.read { db in
    try Row.fetchAll(db, sql: "SELECT title, pinned, body FROM note ORDER BY id")
}
require(rows == [["title": "groceries", "pinned": 0, "body": "eggs"], ["title": "ideas", "pinned": 0, "body": ""]],
        "the rows are kept, got \(rows)")
require(try dbQueue.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok", "integrity_check is ok")
require(try !reconciler.sync(dbQueue).didChange, "the next sync has nothing to do")
try dbQueue.close()

/// Whether the file at `path` starts as every unencrypted SQLite database does.
func hasSQLiteHeader(_ path: String) throws -> Bool {
    try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 16) == Data("SQLite format 3\0".utf8)
}

// The file is encrypted: no SQLite header, and no reading it without the passphrase.
require(try !hasSQLiteHeader(databasePath), "the database file is encrypted")
do {
    _ = try DatabaseQueue(path: databasePath).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM note") }
    fail("the database cannot be read without the passphrase")
} catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
}
let reopened = try DatabaseQueue(path: databasePath, configuration: configuration)
require(try reopened.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM note") } == 2,
        "the database reads with the passphrase")
require(try reconciler.status(reopened).isInSync, "the database is in sync with 2.0.0")
try reopened.close()

// A sync by path opens its own connection, without a key: it cannot read the encrypted file and
// leaves it as it is; on a new file it makes a plain database, with SQLCipher's SQLite.
do {
    try reconciler.sync(databaseAt: databasePath)
    fail("a sync by path, without the passphrase, cannot read the encrypted database")
} catch let error as ReconcileError {
    guard let underlying = error.payload(as: ReconcileError.CannotOpenDatabase.self)?.databaseError, underlying.resultCode == .SQLITE_NOTADB else {
        fail("a sync by path of the encrypted file fails with SQLITE_NOTADB, got \(error)")
    }
    print("sqlcipher-setup: a sync by path of the encrypted file: \(error.localizedDescription)")
}
require(try DatabaseQueue(path: databasePath, configuration: configuration)
            .read { try Int.fetchOne($0, sql: "SELECT count(*) FROM note") } == 2,
        "the encrypted database is as it was")
let plainPath = folder.appendingPathComponent("plain.sqlite").path
require(try reconciler.sync(databaseAt: plainPath).version == "2.0.0", "a sync by path of a new file works")
require(try hasSQLiteHeader(plainPath), "a sync by path makes a database that is not encrypted")

print("sqlcipher-setup: passed: an encrypted database created, edited in place and rebuilt by a sync")
