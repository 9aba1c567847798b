import Foundation
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

    @Test func theJSONHasTheFigures() throws {
        func body(_ error: ReconcileError) throws -> [String: Any] {
            let document = try JSONSerialization.jsonObject(with: JSONCoding.encoder.encode(ErrorJSON(error)))
            return try #require((document as? [String: Any])?["error"] as? [String: Any])
        }
        let refusal = try body(Self.refusal)
        #expect(refusal["kind"] as? String == "notEnoughDiskSpace")
        #expect(refusal["code"] as? Int == 22)
        #expect(refusal["exitStatus"] as? Int == 1)
        #expect(refusal["isInvalidInput"] as? Bool == false)
        #expect(refusal["tables"] as? [String] == ["events"])
        #expect(refusal["neededBytes"] as? Int == 1_200_000_000)
        #expect(refusal["availableBytes"] as? Int == 300_000_000)
        #expect(refusal["path"] as? String == "/data/app.sqlite")
        let full = try body(Self.full)
        #expect(full["kind"] as? String == "databaseFull")
        #expect(full["code"] as? Int == 23)
        #expect(full["step"] == nil)
        #expect(full["path"] as? String == "/data/app.sqlite")
        let sqlite = try #require(full["databaseError"] as? [String: Any])
        #expect(sqlite["resultCode"] as? Int == Int(ResultCode.SQLITE_FULL.rawValue))
        #expect(sqlite["message"] as? String == "database or disk is full")
    }
}
