import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Virtual tables declared in schema.yaml

@Suite struct VirtualTableTests {
    /// Notes, an external-content FTS5 index over them, and the triggers that keep it current.
    static func notes(version: String = "1.0.0", title: String = "TEXT", tokenize: String = "unicode61") -> String {
        """
        version: \(version)
        tables:
          notes:
            columns:
              id:    { type: INTEGER, primary_key: true }
              title: \(title)
              body:  TEXT
        virtual_tables:
          notes_fts: fts5(title, body, content='notes', content_rowid='id', tokenize='\(tokenize)')
        triggers:
          notes_ai: |
            CREATE TRIGGER notes_ai AFTER INSERT ON notes BEGIN
              INSERT INTO notes_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
            END
          notes_ad: |
            CREATE TRIGGER notes_ad AFTER DELETE ON notes BEGIN
              INSERT INTO notes_fts (notes_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
            END
          notes_au: |
            CREATE TRIGGER notes_au AFTER UPDATE ON notes BEGIN
              INSERT INTO notes_fts (notes_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
              INSERT INTO notes_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
            END
        """
    }

    func matches(_ space: Workspace, _ query: String) throws -> [Int64] {
        try space.read { try Int64.fetchAll($0, sql: "SELECT rowid FROM notes_fts WHERE notes_fts MATCH ? ORDER BY rowid",
                                            arguments: [query]) }
    }

    @Test func anExternalContentIndexFollowsItsTableThroughARebuildAndATokenizerChange() throws {
        let space = try Workspace()
        try space.writeSchema(Self.notes())
        let created = try space.sync()
        #expect(created.plan.steps.map(\.action).contains(.createVirtualTable(table: "notes_fts")))

        // Rows inserted through the triggers are found.
        try space.execute("INSERT INTO notes (title, body) VALUES ('first', 'running dogs'), ('second', 'swift code')")
        #expect(try matches(space, "swift") == [2])
        #expect(try !space.sync().didChange)

        // A rebuild of the content table keeps the rowids, the index and its triggers.
        try space.writeSchema(Self.notes(version: "1.1.0", title: "{ type: TEXT, unique: true }"))
        let rebuilt = try space.sync()
        #expect(rebuilt.rebuilt("notes"))
        #expect(try matches(space, "swift") == [2])
        try space.execute("INSERT INTO notes (title, body) VALUES ('third', 'more swift')")
        #expect(try matches(space, "swift") == [2, 3])

        // Another tokenizer: the index is created again and filled from its content table.
        #expect(try matches(space, "run").isEmpty)
        try space.writeSchema(Self.notes(version: "1.2.0", title: "{ type: TEXT, unique: true }", tokenize: "porter"))
        let retokenized = try space.sync()
        #expect(retokenized.plan.steps.map(\.action) == [.rebuildVirtualTable(table: "notes_fts")])
        #expect(try matches(space, "run") == [1])
        #expect(try matches(space, "swift") == [2, 3])
        #expect(try !space.sync().didChange)
        #expect(try space.remainingChanges() == [])
    }

    @Test func anIndexCreatedOverATableWithRowsIsFilledAtOnce() throws {
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\ntables:\n  notes:\n    columns:\n      id: { type: INTEGER, primary_key: true }\n"
                              + "      title: TEXT\n      body: TEXT\n")
        try space.sync()
        try space.execute("INSERT INTO notes (title, body) VALUES ('a', 'old text')")
        try space.writeSchema(Self.notes(version: "1.1.0"))
        try space.sync()
        #expect(try matches(space, "old") == [1])
    }

    @Test func anIndexThatKeepsItsOwnTextKeepsItWhenItsArgumentsChange() throws {
        let space = try Workspace()
        let schema = { (tokenize: String) in
            "version: 1.0.0\ntables: {}\nvirtual_tables:\n  docs:\n    module: fts5\n    arguments: [title, body, \"tokenize='\(tokenize)'\"]\n"
        }
        try space.writeSchema(schema("unicode61"))
        try space.sync()
        try space.execute("INSERT INTO docs (rowid, title, body) VALUES (7, 'a', 'running fast')")
        try space.writeSchema(schema("porter"))
        let report = try space.sync()
        #expect(report.plan.steps.first?.action == .rebuildVirtualTable(table: "docs"))
        #expect(try space.read { try Int64.fetchAll($0, sql: "SELECT rowid FROM docs WHERE docs MATCH 'run'") } == [7])
        #expect(try space.objectNames("table").filter { $0.hasPrefix("_reconciler") }.isEmpty)
    }

    @Test func anRTreeKeepsItsRowsWhenItChanges() throws {
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\ntables: {}\nvirtual_tables:\n  boxes: rtree(id, min_x, max_x)\n")
        try space.sync()
        try space.execute("INSERT INTO boxes VALUES (1, 0, 10), (2, 5, 6)")
        try space.writeSchema("version: 1.0.0\ntables: {}\nvirtual_tables:\n  boxes: rtree_i32(id, min_x, max_x)\n")
        try space.sync()
        #expect(try space.read { try Int64.fetchAll($0, sql: "SELECT id FROM boxes WHERE min_x <= 5 AND max_x >= 5 ORDER BY id") }
                == [1, 2])
    }

    @Test func anIndexWithoutContentIsNotCreatedAgainEmpty() throws {
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\ntables: {}\nvirtual_tables:\n  tags: fts5(tag, content='')\n")
        try space.sync()
        try space.writeSchema("version: 1.0.0\ntables: {}\nvirtual_tables:\n  tags: fts5(tag, content='', prefix='2')\n")
        try space.expectFailedSync { error in
            guard let message = error.payload(as: ReconcileError.CannotPlan.self)?.detail else { return false }
            return message == PlanError.contentlessVirtualTable("tags").description
        }
    }

    @Test func anUndeclaredVirtualTableIsKeptAndReportedAndADeclaredDropRemovesIt() throws {
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\ntables: {}\n")
        try space.sync()
        try space.execute("CREATE VIRTUAL TABLE legacy_search USING fts5(body)")
        let report = try space.sync()
        #expect(report.warnings == [.undeclared(SchemaObject(kind: .virtualTable, name: "legacy_search"))])
        try space.writeSchema("version: 1.0.1\ntables: {}\ndrop:\n  tables: [legacy_search]\n")
        let dropped = try space.sync()
        #expect(dropped.plan.steps.map(\.action) == [.dropTable(table: "legacy_search")])
        #expect(try space.objectNames("table").isEmpty)
    }

    @Test func aVirtualTableIsCheckedWhenTheFileIsLoaded() throws {
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\ntables: {}\nvirtual_tables:\n  docs: fts5(title, tokenize='no_such_tokenizer')\n")
        let error = #expect(throws: ReconcileError.self) { try space.sync() }
        let schemaError = error?.payload(as: ReconcileError.InvalidSchema.self)?.schemaError
        guard case .unregistered("no_such_tokenizer", "tokenizer", "virtual table 'docs'", let location)? = schemaError else {
            Issue.record("expected the tokenizer to be unregistered, got \(String(describing: error))")
            return
        }
        #expect(location.line == 4)
    }
}
