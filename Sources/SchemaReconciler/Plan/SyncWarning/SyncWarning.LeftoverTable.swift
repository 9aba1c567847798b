// MARK: - SyncWarning.LeftoverTable

extension SyncWarning.Code {
    /// A table left behind by an interrupted schema change: ``SyncWarning/LeftoverTable``.
    public static let leftoverTable = SyncWarning.Code(rawValue: "leftoverTable")
}

extension SyncWarning {
    /// The payload of a table left behind by an interrupted schema change (`_reconciler_new_…`).
    ///
    /// ```swift
    /// warning.payload(as: SyncWarning.LeftoverTable.self)?.table // "_reconciler_new_notes"
    /// ```
    public struct LeftoverTable: Payload {
        /// ``SyncWarning/Code/leftoverTable``.
        public static let code = Code.leftoverTable

        /// The table's name.
        public var table: String

        /// The payload of `table`.
        public init(table: String) {
            self.table = table
        }

        /// `table _reconciler_new_notes is a leftover of an interrupted schema change; …`.
        public var message: String {
            "table \(table) is a leftover of an interrupted schema change; check its rows and drop it"
        }
    }

    /// A table left behind by an interrupted schema change (`_reconciler_new_…`).
    ///
    /// ```swift
    /// SyncWarning.leftoverTable("_reconciler_new_notes")
    /// ```
    public static func leftoverTable(_ table: String) -> SyncWarning {
        SyncWarning(LeftoverTable(table: table))
    }
}
