// MARK: - Where a declaration is

extension Dictionary where Key == Declaration, Value == SourceLocation {
    /// Where `declaration` is made in the file, as the loader recorded it; the start of the file
    /// when it recorded nothing for it.
    ///
    /// ```swift
    /// file.locations.location(of: .table("users".sqlName)).line   // 3
    /// ```
    func location(of declaration: Declaration) -> SourceLocation {
        self[declaration] ?? SourceLocation(file: values.first?.file ?? "schema.yaml", line: 1, column: 1)
    }
}
