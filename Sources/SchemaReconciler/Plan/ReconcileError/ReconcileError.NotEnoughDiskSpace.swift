// MARK: - ReconcileError.NotEnoughDiskSpace

extension ReconcileError.Code {
    /// The volume has less free space than the sync needs: ``ReconcileError/NotEnoughDiskSpace``.
    public static let notEnoughDiskSpace = ReconcileError.Code(rawValue: 22, name: "notEnoughDiskSpace")
}

extension ReconcileError {
    /// The payload of a volume with less free space than the sync would take: the tables it would
    /// copy or index, the bytes it needs at most, the bytes free, and the database. Nothing was
    /// touched.
    ///
    /// <doc:BigDatabases#Disk-space> says how the need is estimated.
    ///
    /// ```swift
    /// if let shortage = error.payload(as: ReconcileError.NotEnoughDiskSpace.self) {
    ///     askToFreeStorage(bytes: shortage.neededBytes - shortage.availableBytes)
    /// }
    /// ```
    public struct NotEnoughDiskSpace: Payload {
        /// ``ReconcileError/Code/notEnoughDiskSpace``.
        public static let code = Code.notEnoughDiskSpace

        /// The tables the sync would copy or index, in the order of the plan.
        public var tables: [String]
        /// The bytes the sync would take, at most.
        public var neededBytes: Int64
        /// The bytes free on the volume.
        public var availableBytes: Int64
        /// The database file; empty for a database without one.
        public var path: String

        /// The payload of a sync of `path` that needs `neededBytes` for `tables`, with `availableBytes` free.
        public init(tables: [String], neededBytes: Int64, availableBytes: Int64, path: String) {
            self.tables = tables
            self.neededBytes = neededBytes
            self.availableBytes = availableBytes
            self.path = path
        }

        /// `not enough free disk space to sync: the sync needs about 1.2 GB to rebuild or index
        /// table events, …`, and how much to free.
        public var message: String {
            let (need, free) = ByteCount.texts(neededBytes, availableBytes)
            let what = tables.isEmpty ? "" : " to rebuild or index \(tables.count == 1 ? "table" : "tables") \(list(tables))"
            return "not enough free disk space to sync: the sync needs about \(need)\(what), and the volume holding "
                + "\(ReconcileError.volume(of: path)) has \(free) free. Nothing was changed; free at least "
                + "\(ByteCount.text(max(neededBytes - availableBytes, 1))) and sync again."
        }

        /// `a`, `a and b`, `a, b and c`.
        private func list(_ names: [String]) -> String {
            guard names.count > 1 else { return names.first ?? "" }
            return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
    }

    /// The volume holding the database at `path` has `available` bytes free, fewer than the
    /// `needed` bytes the sync would take to copy or index `tables`, at most; nothing was touched.
    ///
    /// ```swift
    /// throw ReconcileError.notEnoughDiskSpace(tables: need.tables, needed: need.bytes, available: available, path: path)
    /// ```
    public static func notEnoughDiskSpace(tables: [String], needed: Int64, available: Int64,
                                          path: String) -> ReconcileError {
        ReconcileError(NotEnoughDiskSpace(tables: tables, neededBytes: needed, availableBytes: available, path: path))
    }
}
