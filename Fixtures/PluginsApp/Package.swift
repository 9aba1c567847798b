// swift-tools-version:6.1
import PackageDescription

// Two apps in one package, so that continuous integration builds the package's dependencies once
// for both plugins' checks:
// - CheckSchemaApp bundles its schema.yaml and upgrade script, syncs its database at launch, and
//   has the CheckSchema plugin check schema.yaml at every build whose inputs changed.
//   `.ci/check-schema-plugin` builds it with a misspelt key, then a missing script, then as it is.
// - GeneratedRecordsApp has its record types generated from its schema.yaml at build time by the
//   GenerateRecords plugin: it syncs its database, then reads and writes it with them.
//   `.ci/generate-records-plugin` builds and runs it, then changes schema.yaml and builds again.
// Each script builds its own app's product only (`swift build --product …`).
let package = Package(
    name: "PluginsApp",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
    ],
    dependencies: [
        // This repository, named as its URL names it: its folder's name varies from clone to clone.
        .package(name: "sqlite-reconciler", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "CheckSchemaApp",
            dependencies: [
                .product(name: "SchemaReconciler", package: "sqlite-reconciler"),
            ],
            resources: [.copy("schema.yaml"), .copy("upgrades")],
            plugins: [
                .plugin(name: "CheckSchema", package: "sqlite-reconciler"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The generated code imports GRDB, so its target names GRDB itself. (Added here, after the
// manifest the README shows, which the documentation tests find word for word above.)
package.dependencies.append(.package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"))
package.targets.append(
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
    )
)
