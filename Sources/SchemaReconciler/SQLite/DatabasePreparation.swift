import GRDB

// MARK: - DatabasePreparation

/// What prepares a connection the reconciler opens, as GRDB's `Configuration.prepareDatabase`
/// prepares one: the app's ``Reconciler/Options/prepareDatabase``, which registers the
/// collations and SQL functions its schema uses.
///
/// ```swift
/// let preparation: DatabasePreparation = { db in db.add(collation: .localizedCaseInsensitiveCompare) }
/// let scratch = try DatabaseQueue.inMemory(preparedBy: preparation)
/// ```
package typealias DatabasePreparation = @Sendable (Database) throws -> Void

// MARK: - Configuration

extension Configuration {
    /// Has every connection opened with this configuration run `preparation`, when there is
    /// one, after the preparations already set. An error it throws that is not a
    /// `DatabaseError` becomes one, so that a connection that cannot be prepared fails as one
    /// that cannot be opened.
    ///
    /// ```swift
    /// var configuration = Configuration()
    /// configuration.prepareDatabase(with: options.prepareDatabase)
    /// ```
    package mutating func prepareDatabase(with preparation: DatabasePreparation?) {
        guard let preparation else { return }
        prepareDatabase { db in
            do {
                try preparation(db)
            } catch let error as DatabaseError {
                throw error
            } catch {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "prepareDatabase threw: \(error)")
            }
        }
    }
}

// MARK: - In-memory databases

extension DatabaseQueue {
    /// A database in memory whose connection `preparation` prepared.
    ///
    /// ```swift
    /// let queue = try DatabaseQueue.inMemory(preparedBy: options.prepareDatabase)
    /// ```
    package static func inMemory(preparedBy preparation: DatabasePreparation?,
                                 configuration: Configuration = Configuration()) throws -> DatabaseQueue {
        var configuration = configuration
        configuration.prepareDatabase(with: preparation)
        return try DatabaseQueue(configuration: configuration)
    }
}
