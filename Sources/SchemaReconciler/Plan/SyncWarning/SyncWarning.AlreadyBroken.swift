// MARK: - SyncWarning.AlreadyBroken

extension SyncWarning.Code {
    /// A view or trigger that does not work even before the sync: ``SyncWarning/AlreadyBroken``.
    public static let alreadyBroken = SyncWarning.Code(rawValue: "alreadyBroken")
}

extension SyncWarning {
    /// The payload of a view or trigger that does not work even before the sync: kept as it is.
    ///
    /// ```swift
    /// warning.payload(as: SyncWarning.AlreadyBroken.self)?.object.subject // "view old_notes"
    /// ```
    public struct AlreadyBroken: Payload {
        /// ``SyncWarning/Code/alreadyBroken``.
        public static let code = Code.alreadyBroken

        /// The view or trigger, with SQLite's message.
        public var object: BrokenObject

        /// The payload of `object`.
        public init(object: BrokenObject) {
            self.object = object
        }

        /// `view old_notes does not work even now (…); it is kept as it is`.
        public var message: String {
            "\(object.subject) does not work even now (\(object.message)); it is kept as it is"
        }
    }

    /// A view or trigger that does not work even before the sync: kept as it is.
    ///
    /// ```swift
    /// plan.warnings += plan.brokenBefore.map(SyncWarning.alreadyBroken)
    /// ```
    public static func alreadyBroken(_ object: BrokenObject) -> SyncWarning {
        SyncWarning(AlreadyBroken(object: object))
    }
}
