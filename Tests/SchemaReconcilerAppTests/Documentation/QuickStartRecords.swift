// Generated from schema.yaml by `reconcile generate` (sqlite-reconciler): the GRDB record
// types of its tables and views. Do not edit: change schema.yaml, then build or generate again.

import Foundation
import GRDB

// MARK: - Project

/// A row of the table "projects".
struct Project: Codable, Sendable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "projects"

    var id: Int64?
    var title: String
    var slug: String

    enum CodingKeys: String, CodingKey {
        case id
        case title
        case slug
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let title = Column(CodingKeys.title)
        static let slug = Column(CodingKeys.slug)
    }

    static let tasks = hasMany(TaskRecord.self, key: "tasks")

    /// The request for its tasks.
    var tasks: QueryInterfaceRequest<TaskRecord> {
        request(for: Self.tasks)
    }

    /// Sets id to the rowid SQLite chose.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

// MARK: - TaskRecord

/// A row of the table "tasks".
struct TaskRecord: Codable, Sendable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "tasks"

    var id: Int64?
    var projectId: Int64
    var title: String
    var done: Int64 = 0

    enum CodingKeys: String, CodingKey {
        case id
        case projectId = "project_id"
        case title
        case done
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let projectId = Column(CodingKeys.projectId)
        static let title = Column(CodingKeys.title)
        static let done = Column(CodingKeys.done)
    }

    static let project = belongsTo(Project.self, key: "project")

    /// The request for its project.
    var project: QueryInterfaceRequest<Project> {
        request(for: Self.project)
    }

    /// Sets id to the rowid SQLite chose.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
