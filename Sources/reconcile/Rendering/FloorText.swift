import SchemaReconciler

// MARK: - FloorText

/// A database's floor as `status` and `sync` print it.
///
/// ```
/// 1.0.0 (set by 1.0.0): app versions from 1.0.0 on can open it
/// ```
enum FloorText {
    /// `1.0.0 (set by 1.1.0): app versions from 1.0.0 on can open it`.
    static func line(_ floor: DatabaseFloor) -> String {
        "\(floor.version) (set by \(floor.setBy)): app versions from \(floor.version) on can open it"
    }
}
