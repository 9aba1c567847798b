// swift-tools-version:6.1
import PackageDescription

// An app that bundles its schema.yaml and upgrade script, syncs its database at launch, and has
// the CheckSchema plugin check schema.yaml at every build whose inputs changed.
// `.ci/check-schema-plugin` builds it with a misspelt key, then a missing script, then as it is.
let package = Package(
    name: "CheckSchemaApp",
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
