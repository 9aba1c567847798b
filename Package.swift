// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "sqlite-reconciler",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
    ],
    products: [
        .library(name: "SchemaReconciler", targets: ["SchemaReconciler"]),
        .executable(name: "reconcile", targets: ["reconcile"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/mxcl/Version", from: "2.2.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "SchemaReconciler",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for the progress handler that counts the rows a rebuild copies.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Version", package: "Version"),
            ]
        ),
        .executableTarget(
            name: "reconcile",
            dependencies: [
                "SchemaReconciler",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "reconcile-benchmark",
            dependencies: [
                "SchemaReconciler",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Code written as an app writes it: the public API only, beside GRDB's own names.
        .testTarget(
            name: "SchemaReconcilerAppTests",
            dependencies: [
                "SchemaReconciler",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("UpgradeHistory")],
            packageAccess: false
        ),
        // Lets a test turn on SQLite's defensive mode, which only a C call can.
        .target(
            name: "CDefensiveMode",
            path: "Tests/CDefensiveMode",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .testTarget(
            name: "SchemaReconcilerTests",
            dependencies: [
                "SchemaReconciler",
                "reconcile",
                "CDefensiveMode",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
