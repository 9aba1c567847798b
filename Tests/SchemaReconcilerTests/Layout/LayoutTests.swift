import Foundation
import Testing

/// The library's folders (its rooms) are the stages of a sync, and data flows one way through
/// them: a room uses only the rooms it may use, below. The compiler holds the rule: each room is
/// compiled as a module of its own that imports only those rooms (see ``RoomCompiler``), so any
/// name of another room, whatever its kind, fails to compile.
@Suite("Layout: each room compiles with only the rooms it may use")
struct LayoutTests {
    /// Each room and the rooms it may use, in the order data flows. A new folder is placed here;
    /// keep each list to what the room's code uses. Code generation and diagrams read the model
    /// and never reach the planner.
    static let layout: RoomLayout = [
        "SQL": [],
        "JSON": [],
        "Model": ["SQL"],
        "SQLite": ["SQL", "Model"],
        "Format": ["SQL", "JSON", "Model"],
        "Load": ["SQL", "Model", "SQLite", "Format"],
        "Generate": ["SQL", "Model", "SQLite", "Load"],
        "Diagram": ["SQL", "Model"],
        "Inspect": ["SQL", "Model"],
        "Diff": ["SQL", "Model"],
        "Plan": ["SQL", "Model", "SQLite", "Load", "Inspect", "Diff"],
        "Rehearse": ["SQL", "Model", "SQLite", "Load", "Inspect", "Diff", "Plan"],
        "Apply": ["SQL", "JSON", "Model", "SQLite", "Load", "Inspect", "Diff", "Plan", "Rehearse"],
        "Sync": ["SQL", "Model", "SQLite", "Format", "Load", "Inspect", "Diff", "Plan", "Rehearse", "Apply"],
        "Verify": ["SQL", "Model", "SQLite", "Load", "Inspect", "Diff", "Plan", "Apply", "Sync"],
    ]

    /// The package's folder.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Sources/SchemaReconciler`.
    static let library = packageRoot.appendingPathComponent("Sources/SchemaReconciler")

    // MARK: Tests

    @Test func everyFolderIsARoomOfTheLayout() throws {
        let problems = try Self.placementProblems(in: Self.library, layout: Self.layout)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        _ = try Self.layout.buildOrder()
    }

    @Test func everyRoomCompilesWithOnlyTheRoomsItMayUse() async throws {
        let command = try BuildManifest.ofRunningBuild(packageRoot: Self.packageRoot)
            .compileCommand(module: "SchemaReconciler")
        let started = ContinuousClock.now
        let report = try await RoomCompiler(command: command, library: Self.library, layout: Self.layout).compile()
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        print("Layout: \(report.fileCount) files in \(report.files.count) rooms type-checked in "
              + String(format: "%.1f s", seconds))

        for failure in report.failures {
            Issue.record("\(failure)")
        }
        if !report.skipped.isEmpty {
            Issue.record("not compiled, since a room they use failed: \(report.skipped.joined(separator: ", "))")
        }
        guard report.failures.isEmpty, report.skipped.isEmpty else { return }
        // Every file SwiftPM compiles into the library was compiled in its room, and nothing else.
        let compiled = Set(report.files.values.joined())
        let library = Set(command.sources.compactMap { Self.relativePath($0, in: Self.library) })
        #expect(report.fileCount > 0 && !library.isEmpty, "no file was compiled")
        #expect(library.subtracting(compiled).isEmpty,
                "SwiftPM compiles files no room compiled: \(library.subtracting(compiled).sorted())")
        #expect(compiled.subtracting(library).isEmpty,
                "rooms compiled files SwiftPM does not (build again): \(compiled.subtracting(library).sorted())")
    }

    /// The mechanism itself, on a library of two rooms where the earlier one names a function of
    /// the later one: that room must fail, on the line that names it, while the later room's use
    /// of the earlier one's internal declarations compiles.
    @Test func aBackReferenceFailsToCompile() async throws {
        let fixture = try Self.fixture([
            "Early/Early.swift": "struct EarlyValue {\n    var number = 1\n}\n",
            "Early/Nested/Reach.swift": "func reach() -> Int {\n    lateCount()\n}\n",
            "Late/Late.swift": "func lateCount() -> Int {\n    EarlyValue().number\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: fixture) }
        let command = try BuildManifest.ofRunningBuild(packageRoot: Self.packageRoot)
            .compileCommand(module: "SchemaReconciler")
        let layout: RoomLayout = ["Early": [], "Late": ["Early"]]

        let backward = try await RoomCompiler(command: command, library: fixture, layout: layout).compile()
        #expect(backward.failures.map(\.room) == ["Early"])
        #expect(backward.skipped == ["Late"])
        let error = try #require(backward.failures.first?.errors.first)
        #expect(error.location == "Early/Nested/Reach.swift:2")
        #expect(error.message.contains("'lateCount'"))
        #expect(error.explanation.hasPrefix("it names 'lateCount', which Late declares (Late/Late.swift:1)"))

        // Without the back-reference, both rooms compile: the later one sees the earlier one's internals.
        try "func reach() -> Int {\n    2\n}\n".write(to: fixture.appendingPathComponent("Early/Nested/Reach.swift"),
                                                  atomically: true, encoding: .utf8)
        let forward = try await RoomCompiler(command: command, library: fixture, layout: layout).compile()
        #expect(forward.failures.isEmpty, "\(forward.failures.map(\.description))")
        #expect(forward.fileCount == 3)
    }

    /// A file of the library that imports the library would see every room: the room that holds
    /// it fails, by the reading of its sources and by the compiler, which does not find the
    /// library's module on the rooms' search path.
    @Test func aSelfImportFailsItsRoom() async throws {
        let fixture = try Self.fixture([
            "Early/Early.swift": "struct EarlyValue {}\n",
            "Late/Probe.swift": """
                @testable import SchemaReconciler

                func probe() -> Any.Type { SchemaReconciler.PlanExecutor.self }

                """,
        ])
        defer { try? FileManager.default.removeItem(at: fixture) }
        let command = try BuildManifest.ofRunningBuild(packageRoot: Self.packageRoot)
            .compileCommand(module: "SchemaReconciler")
        let report = try await RoomCompiler(command: command, library: fixture, layout: ["Early": [], "Late": ["Early"]]).compile()
        #expect(report.failures.map(\.room) == ["Late"])
        let errors = try #require(report.failures.first?.errors)
        #expect(errors.first?.location == "Late/Probe.swift:1")
        #expect(errors.first?.explanation.hasPrefix("it imports SchemaReconciler, the library itself") == true)
        #expect(errors.contains { $0.message.contains("no such module 'SchemaReconciler'") }, "\(errors)")
    }

    /// Code in a branch of an `#if` that this platform's compiler does not read is read by name:
    /// a name only a room it may not use declares fails its room, at its line.
    @Test func aNameOfALaterRoomInAnInactiveBranchFailsItsRoom() async throws {
        let fixture = try Self.fixture([
            "Early/Early.swift": """
                #if os(Windows)
                func early() -> Int {
                    #if canImport(WinSDK)
                    lateCount()
                    #else
                    0
                    #endif
                }
                #else
                func early() -> Int { 1 } // lateCount() in a comment names nothing
                #endif

                """,
            "Late/Late.swift": "func lateCount() -> Int {\n    early()\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: fixture) }
        let command = try BuildManifest.ofRunningBuild(packageRoot: Self.packageRoot)
            .compileCommand(module: "SchemaReconciler")
        let report = try await RoomCompiler(command: command, library: fixture, layout: ["Early": [], "Late": ["Early"]]).compile()
        #expect(report.failures.map(\.room) == ["Early"])
        let errors = try #require(report.failures.first?.errors)
        #expect(errors.map(\.location) == ["Early/Early.swift:4", "Early/Early.swift:4"])
        #expect(errors.first?.explanation == "it names 'lateCount', which Late declares (Late/Late.swift:1), in the branch "
                + "`#if os(Windows)` (line 1), which this platform's compiler does not read")
    }

    @Test func aFolderOrFileOutsideTheLayoutIsNamed() throws {
        let fixture = try Self.fixture(["Early/A.swift": "", "Stray/B.swift": "", "Loose.swift": "", "Guide.docc/Guide.md": ""])
        defer { try? FileManager.default.removeItem(at: fixture) }
        let problems = try Self.placementProblems(in: fixture, layout: ["Early": [], "Gone": ["Early"]])
        #expect(problems == [
            "folder Gone/ is in the layout, but not in the library: remove it from LayoutTests.layout",
            "folder Stray/ is not placed in the layout: add it to LayoutTests.layout with the rooms it may use",
            "Loose.swift sits directly in the library, outside any room: move it into the room it belongs to",
        ])
        #expect(throws: RoomLayout.Problem.self) { try (["A": ["B"], "B": ["C"], "C": ["A"]] as RoomLayout).buildOrder() }
        #expect(throws: RoomLayout.Problem.self) { try (["A": ["Z"]] as RoomLayout).buildOrder() }
        #expect(throws: RoomLayout.Problem.self) { try (["A": [], "B": ["C"], "C": ["A"]] as RoomLayout).buildOrder() }
        #expect(try (["A": [], "B": ["A"], "C": ["A"]] as RoomLayout).buildOrder() == ["A", "B", "C"])
    }

    /// A library of `files` (path: text) in a temporary folder.
    static func fixture(_ files: [String: String]) throws -> URL {
        let fixture = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString)")
        for (path, text) in files {
            let url = fixture.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return fixture
    }

    // MARK: Placement

    /// What in `library` the layout does not account for: a folder it does not place, a room
    /// with no folder, a Swift file outside every room. A DocC catalog (`*.docc`) is no room.
    static func placementProblems(in library: URL, layout: RoomLayout) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: library.path).sorted()
        let folders = names.filter { !$0.hasSuffix(".docc") && isDirectory(library.appendingPathComponent($0)) }
        var problems = layout.rooms.filter { !folders.contains($0) }.map {
            "folder \($0)/ is in the layout, but not in the library: remove it from LayoutTests.layout"
        }
        problems += folders.filter { !layout.rooms.contains($0) }.map {
            "folder \($0)/ is not placed in the layout: add it to LayoutTests.layout with the rooms it may use"
        }
        problems += names.filter { $0.hasSuffix(".swift") }.map {
            "\($0) sits directly in the library, outside any room: move it into the room it belongs to"
        }
        return problems
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `path` relative to `folder`, or nil when it is not inside it.
    private static func relativePath(_ path: String, in folder: URL) -> String? {
        let prefix = folder.standardizedFileURL.path + "/"
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        return standardized.hasPrefix(prefix) ? String(standardized.dropFirst(prefix.count)) : nil
    }
}
