// MARK: - Seconds

extension Duration {
    /// The duration as a number of seconds, as Foundation, GRDB and the JSON output count time.
    ///
    /// ```swift
    /// Duration.milliseconds(1500).seconds  // 1.5
    /// ```
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
