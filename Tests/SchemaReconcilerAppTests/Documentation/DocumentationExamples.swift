import Foundation
import GRDB
import SchemaReconciler

// MARK: - What the documentation's examples run against

/// The schemas, scripts and folders that the examples of the documentation run against.
///
/// Every ```swift block of the README, of `docs/`, and of the DocC catalog
/// (`Sources/SchemaReconciler/SchemaReconciler.docc`) is written, word for word (indentation
/// aside), inside a test of this folder: run against a temporary folder where it can run, only
/// compiled where it cannot (an app bundle's own files). ``DocumentationBlockTests`` reads the
/// documents and checks that each block is here, so that an example cannot drift from code that
/// compiles against the public API.
enum Examples {
    // MARK: Schemas

    /// The Getting Started schema: projects and their tasks.
    static let tasksSchema = """
        version: 1.0.0

        tables:
          projects:
            columns:
              id:    { type: INTEGER, primary_key: true }
              title: { type: TEXT, not_null: true }
          tasks:
            columns:
              id:         { type: INTEGER, primary_key: true }
              project_id: { type: INTEGER, not_null: true, references: projects.id, on_delete: CASCADE }
              title:      { type: TEXT, not_null: true }
              done:       { type: INTEGER, not_null: true, default: false }
            indexes:
              tasks_by_project: [project_id, done]
        """

    /// Version 1.1.0 of it, the README's quick start: every project gets a slug, which an
    /// upgrade script fills.
    static let slugSchema = tasksSchema
        .replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
        .replacingOccurrences(of: "      title: { type: TEXT, not_null: true }\n  tasks:",
                              with: "      title: { type: TEXT, not_null: true }\n      slug:  { type: TEXT, not_null: true }\n  tasks:")
        + "\n\nupgrades:\n  1.1.0: upgrades/1.1.0-fill-project-slugs.sql\n"

    static let slugScript = """
        -- 1.1.0 adds projects.slug (NOT NULL, no default). Derive it from the title.
        UPDATE projects
           SET slug = lower(replace(trim(title), ' ', '-'))
         WHERE slug IS NULL;
        """

    /// A table whose column changes affinity: the sync rebuilds it, copying every row.
    static let itemsSchema = """
        version: 1.0.0
        tables:
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
              v:  { type: INTEGER }
        """

    /// Users with emails, for the upgrades written in Swift.
    static let usersSchema = """
        version: 1.1.0
        tables:
          users:
            columns:
              id:    { type: INTEGER, primary_key: true }
              email: { type: TEXT, not_null: true }
        """

    // MARK: Folders

    /// A folder with the tasks schema at 1.0.0 and a database synced with it, holding two projects.
    static func syncedTasksFolder() throws -> AppFolder {
        let folder = try AppFolder(schema: tasksSchema)
        try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: folder.path("app.sqlite"))
        try DatabaseQueue(path: folder.path("app.sqlite")).write { db in
            try db.execute(sql: "INSERT INTO projects (title) VALUES ('Website'), ('Mobile App')")
        }
        return folder
    }

    /// The tasks schema moved to 1.1.0, with or without the script that fills the slugs.
    static func bumpToSlugs(_ folder: AppFolder, withScript: Bool = true) throws {
        try folder.write(withScript ? slugSchema : slugSchema.replacingOccurrences(of: "\nupgrades:\n  1.1.0: upgrades/1.1.0-fill-project-slugs.sql\n", with: ""),
                         to: "schema.yaml")
        try folder.write(slugScript, to: "upgrades/1.1.0-fill-project-slugs.sql")
    }

    /// A table `items` of `rows` rows whose column `v` is TEXT, which `itemsSchema` declares
    /// INTEGER: its sync copies the table.
    static func itemsFolder(rows: Int) throws -> AppFolder {
        let folder = try AppFolder(schema: itemsSchema)
        try DatabaseQueue(path: folder.path("app.sqlite")).write { db in
            try db.execute(sql: """
                CREATE TABLE items (id INTEGER PRIMARY KEY, v TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
                INSERT INTO items SELECT i, i FROM n;
                """)
        }
        return folder
    }

    /// The stored version of the database at `path`.
    static func storedVersion(_ path: String, _ schemaURL: URL) throws -> SemanticVersion? {
        try Reconciler(schemaURL: schemaURL).status(databaseAt: path).storedVersion
    }

    /// The five-release app of `Tests/SchemaReconcilerAppTests/UpgradeHistory`.
    static let upgradeHistory = Bundle.module.url(forResource: "UpgradeHistory", withExtension: nil)!
}
