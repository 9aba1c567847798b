import GRDB

// MARK: - The stages' errors as a sync's

extension ReconcileError {
    /// The renames between `declared` and `live`; a rename hint that cannot be followed is
    /// ``cannotDiff(_:)``.
    ///
    /// ```swift
    /// let renames = try ReconcileError.renames(file.schema, live: live)
    /// ```
    static func renames(_ declared: Schema, live: Schema) throws -> RenameDiff {
        do {
            return try RenameDiff(declared: declared, live: live)
        } catch {
            throw ReconcileError.cannotDiff(error.description)
        }
    }

    /// The differences between `declared` and `live`, as ``SchemaDiff`` finds them; a
    /// difference that cannot be told is ``cannotDiff(_:)``.
    static func diff(_ declared: Schema, drop: DropList, live: Schema) throws -> SchemaDiff {
        do {
            return try SchemaDiff(declared: declared, drop: drop, live: live)
        } catch {
            throw ReconcileError.cannotDiff(error.description)
        }
    }

    /// The steps `body` plans; a change the planner cannot make is ``cannotPlan(_:)``.
    static func planned(_ body: () throws -> [Step]) throws -> [Step] {
        do {
            return try body()
        } catch let error as PlanError {
            throw ReconcileError.cannotPlan(error.description)
        }
    }

    /// What `body` reads of a schema; a definition that cannot be read is ``cannotInspect(_:message:)``.
    static func inspecting<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SchemaInspectionError {
            throw ReconcileError.inspectionFailed(error)
        }
    }

    /// The error of a definition that cannot be read.
    package static func inspectionFailed(_ error: SchemaInspectionError) -> ReconcileError {
        .cannotInspect(SchemaObject(kind: error.kind, name: error.name), message: error.message)
    }
}
