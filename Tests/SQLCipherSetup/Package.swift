// swift-tools-version:6.1
import PackageDescription

// An app that uses GRDB with SQLCipher and adds sqlite-reconciler. It names GRDB by the URL GRDB's
// README gives (with `.git`; sqlite-reconciler writes it without); `.ci/sqlcipher-setup` builds it
// with SwiftPM mirrors that take GRDB, for the whole package graph, from a fork of GRDB set up for
// SQLCipher as GRDB's Package.swift says.
let package = Package(
    name: "SQLCipherSetup",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
    ],
    dependencies: [
        // This repository, named as its URL names it: its folder's name varies from clone to clone.
        .package(name: "sqlite-reconciler", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "SQLCipherSetup",
            dependencies: [
                .product(name: "SchemaReconciler", package: "sqlite-reconciler"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
