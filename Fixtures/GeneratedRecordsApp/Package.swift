// swift-tools-version:6.1
import PackageDescription

// An app whose record types are generated from its schema.yaml at build time by the
// GenerateRecords plugin: it syncs its database, then reads and writes it with them.
// `.ci/generate-records-plugin` builds and runs it, then changes schema.yaml and builds again.
let package = Package(
    name: "GeneratedRecordsApp",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
    ],
    dependencies: [
        // This repository, named as its URL names it: its folder's name varies from clone to clone.
        .package(name: "sqlite-reconciler", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "GeneratedRecordsApp",
            dependencies: [
                .product(name: "SchemaReconciler", package: "sqlite-reconciler"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("schema.yaml")],
            plugins: [
                .plugin(name: "GenerateRecords", package: "sqlite-reconciler"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
