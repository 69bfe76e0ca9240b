// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Kanban",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kanban", targets: ["kanban"]),
        .library(name: "Kanban", targets: ["Kanban"]),
        .library(name: "KanbanCore", targets: ["KanbanCore"]),
        .library(name: "LMDBStorage", targets: ["LMDBStorage"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // Layer 0: the C library, from Debian's liblmdb-dev or Homebrew's lmdb.
        .systemLibrary(
            name: "CLMDB",
            pkgConfig: "lmdb",
            providers: [.apt(["liblmdb-dev"]), .brew(["lmdb"])]
        ),
        // Layer 1: storage. Environments, transactions, cursors, typed errors. Knows no kanban.
        .target(name: "LMDBStorage", dependencies: ["CLMDB"]),
        // Layer 2: the pure domain. Events, commands, decide/evolve, codec. Knows no LMDB, does no I/O.
        .target(name: "KanbanCore"),
        // Layer 3: the engine. The event log on LMDB and the facade programs embed.
        .target(name: "Kanban", dependencies: ["KanbanCore", "LMDBStorage"]),
        // Layer 4: the command line, as a library so tests can drive it, and its thin executable.
        .target(
            name: "KanbanCLI",
            dependencies: ["Kanban", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "kanban", dependencies: ["KanbanCLI"]),

        .target(name: "KanbanTestSupport", dependencies: ["Kanban"], path: "Tests/KanbanTestSupport"),
        .testTarget(name: "LMDBStorageTests", dependencies: ["LMDBStorage", "KanbanTestSupport"]),
        .testTarget(
            name: "KanbanCoreTests",
            dependencies: ["KanbanCore", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "KanbanTests",
            dependencies: ["Kanban", "KanbanTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "KanbanCLITests", dependencies: ["KanbanCLI", "KanbanTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
