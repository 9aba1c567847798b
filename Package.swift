// swift-tools-version:6.1
import Foundation
import PackageDescription

// The Swift-DocC plugin is only needed to build the documentation; as GRDB does, it is added when
// SPI_BUILDER=1 (the Swift Package Index sets it), so that apps do not resolve it:
//   SPI_BUILDER=1 swift package generate-documentation --target SchemaReconciler
var documentationPlugin: [Package.Dependency] = []
if ProcessInfo.processInfo.environment["SPI_BUILDER"] == "1" {
    documentationPlugin.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

let package = Package(
    name: "sqlite-reconciler",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
    ],
    products: [
        .library(name: "SchemaReconciler", targets: ["SchemaReconciler"]),
        .executable(name: "reconcile", targets: ["reconcile"]),
        .plugin(name: "CheckSchema", targets: ["CheckSchema"]),
        .plugin(name: "GenerateRecords", targets: ["GenerateRecords"]),
        .plugin(name: "ReconcileCommand", targets: ["ReconcileCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/mxcl/Version", from: "2.2.1"),
        // The tests compare the command's output with files under __Snapshots__. Only the
        // SnapshotTesting product is used: InlineSnapshotTesting needs swift-syntax, which SwiftPM
        // then resolves but does not build.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ] + documentationPlugin,
    targets: [
        .target(
            name: "SchemaReconciler",
            dependencies: [
                // SQLite's C API is reached through GRDB's own module for it (GRDBSQLite, or
                // SQLCipher in GRDB's SQLCipher setup), so that an app's GRDB decides which SQLite.
                .product(name: "GRDB", package: "GRDB.swift"),
                "CSQLiteBridge",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Version", package: "Version"),
            ]
        ),
        // The C calls Swift cannot make: sqlite3_db_config takes variable arguments, and Linux's
        // statfs is declared in a header that Swift's Glibc module leaves out.
        .target(name: "CSQLiteBridge"),
        .executableTarget(
            name: "reconcile",
            dependencies: [
                "SchemaReconciler",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Checks a target's schema.yaml at every build whose inputs changed, with `reconcile check`:
        //   .target(name: "App", plugins: [.plugin(name: "CheckSchema", package: "sqlite-reconciler")])
        .plugin(name: "CheckSchema", capability: .buildTool(), dependencies: ["reconcile"]),
        // Writes the GRDB record types of a target's schema.yaml into the build's generated sources,
        // with `reconcile generate`, at every build after schema.yaml changed:
        //   .target(name: "App", plugins: [.plugin(name: "GenerateRecords", package: "sqlite-reconciler")])
        .plugin(name: "GenerateRecords", capability: .buildTool(), dependencies: ["reconcile"]),
        // `swift package reconcile …`: the command line, run from the package directory. It declares
        // no permission; a sync that may not write says to run it with --allow-writing-to-package-directory.
        .plugin(
            name: "ReconcileCommand",
            capability: .command(intent: .custom(
                verb: "reconcile",
                description: "Run the reconcile command line from the package directory (swift package reconcile --dry-run)")),
            dependencies: ["reconcile"]
        ),
        .executableTarget(
            name: "reconcile-benchmark",
            dependencies: [
                "SchemaReconciler",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Code written as an app writes it: the public API only, beside GRDB's own names, and the
        // record types `reconcile generate` wrote from its schema.yaml (LibraryRecords.swift; the
        // GenerateRecords plugin is not applied here: SwiftPM would link `reconcile` into the
        // test bundle twice, once as the plugin's tool).
        .testTarget(
            name: "SchemaReconcilerAppTests",
            dependencies: [
                "SchemaReconciler",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("UpgradeHistory"), .copy("schema.yaml")],
            packageAccess: false
        ),
        .testTarget(
            name: "SchemaReconcilerTests",
            dependencies: [
                "SchemaReconciler",
                "reconcile",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // The expected output of the command, read by the tests, never compiled (some are Swift).
            exclude: ["CLI/__Snapshots__"]
        ),
    ]
)
