import GRDB
import Testing
@testable import reconcile
@testable import SchemaReconciler

// MARK: - The disk-space errors in `reconcile`

/// `reconcile` says the disk-space errors as the library does, exits with status 1 (the sync
/// could not be applied: not invalid input), and gives their figures in JSON.
@Suite struct DiskSpaceErrorTests {
    static let refusal = ReconcileError.notEnoughDiskSpace(tables: ["events"], needed: 1_200_000_000,
                                                           available: 300_000_000, path: "/data/app.sqlite")
    static let full = ReconcileError.databaseFull(step: nil, path: "/data/app.sqlite",
                                                  error: DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full"))

    @Test func theTextIsTheLibrarysAndTheStatusIsAFailure() {
        for error in [Self.refusal, Self.full] {
            #expect(ErrorText.message(error) == "error: \(error.description)")
            #expect(ExitStatus(error) == .failure)
        }
        #expect(ErrorText.message(Self.refusal).contains("needs about 1.2 GB to rebuild or index table events, "
            + "and the volume holding /data/app.sqlite has 300 MB free"))
    }

    @Test func theJSONHasTheFigures() {
        let refusal = ErrorJSON.body(Self.refusal)
        #expect(refusal["kind"] == .string("notEnoughDiskSpace"))
        #expect(refusal["code"] == .integer(22))
        #expect(refusal["exitStatus"] == .integer(1))
        #expect(refusal["isInvalidInput"] == .boolean(false))
        #expect(refusal["tables"] == .array([.string("events")]))
        #expect(refusal["neededBytes"] == .integer(1_200_000_000))
        #expect(refusal["availableBytes"] == .integer(300_000_000))
        #expect(refusal["path"] == .string("/data/app.sqlite"))
        let full = ErrorJSON.body(Self.full)
        #expect(full["kind"] == .string("databaseFull"))
        #expect(full["code"] == .integer(23))
        #expect(full["step"] == .null)
        #expect(full["path"] == .string("/data/app.sqlite"))
        #expect(full["sqlite"]?["code"] == .integer(Int(ResultCode.SQLITE_FULL.rawValue)))
    }
}
