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
        .library(name: "KanbanLog", targets: ["KanbanLog"]),
        .library(name: "KanbanReplica", targets: ["KanbanReplica"]),
        .library(name: "KanbanTrello", targets: ["KanbanTrello"]),
        // The log on PostgreSQL, for the benchmark package's PostgreSQL suite (and programs that
        // embed a node of a shared log).
        .library(name: "KanbanPostgres", targets: ["KanbanPostgres"]),
        // Only for the benchmark package's tests (the store contract its SQLite store runs); not an API.
        .library(name: "KanbanTestSupport", targets: ["KanbanTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        // Named because the server uses them directly (Hummingbird brings them in anyway).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.60.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.20.0"),
        // `/metrics` in Prometheus' text format, from a registry of the server's own.
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Spans around a request, its command and its commit: the API only (the engine and the server).
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // Exports those spans over OTLP/HTTP from `kanban serve` only; the gRPC exporter is left out.
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
        // Verifies OpenID Connect ID tokens for `kanban serve --oidc-config` (the server only).
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        // Sign-in's requests to the OpenID provider, over SwiftNIO (not URLSession and libcurl).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Only for `swift package generate-documentation` (the DocC catalogs); no target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
        // Layer 0: the processor's prefetch hint, which Swift cannot spell (replay asks for a
        // card's memory a few events before it applies them, and each event's bytes when another
        // thread read them).
        .target(name: "CPrefetch"),
        // Layer 2: the pure domain. Events, commands, decide/evolve, codec. Knows no LMDB, does no I/O.
        .target(name: "KanbanCore", dependencies: ["CPrefetch"]),
        // Layer 3: the log's seam. `LogStore`, its reading and writing protocols, their types and
        // the audit tree's hashing: what any store of the log implements, knowing no engine.
        .target(name: "KanbanLog", dependencies: ["KanbanCore", .product(name: "Crypto", package: "swift-crypto")]),
        // Layer 3: the engine. The event log on LMDB and the facade programs embed.
        .target(
            name: "Kanban",
            dependencies: [
                "CPrefetch", "KanbanCore", "KanbanLog", "LMDBStorage", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // Layer 3: the JSON forms the command line and the server print (`--json`, API answers),
        // built from the engine's values; the engine itself needs none of them.
        .target(name: "KanbanOutput", dependencies: ["Kanban", "KanbanCore"]),
        // Layer 3: Trello import. Plans a Trello board export as steps and replays them through
        // the engine's batch door.
        .target(name: "KanbanTrello", dependencies: ["Kanban", "KanbanCore", "LMDBStorage"]),
        // Layer 4: the replica. An offline copy of a server's log, its queue of changes and its
        // own HTTP client; it uses the engine's internals through `package` access.
        .target(name: "KanbanReplica", dependencies: ["Kanban", "KanbanCore", "KanbanOutput", "LMDBStorage"]),
        // Layer 4: the command line, as a library so tests can drive it, and its thin executable.
        .target(
            name: "KanbanCLI",
            dependencies: ["Kanban", "KanbanOutput", "KanbanTrello", "KanbanReplica", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Layer 4: the HTTP server and the web board it serves; only it pulls in Hummingbird.
        .target(
            name: "KanbanServer",
            dependencies: [
                "Kanban", "KanbanCore", "KanbanOutput", "KanbanTrello",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                // Sign-in's requests to the provider (swift-otel's exporter builds it anyway).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [.embedInCode("Web"), .embedInCode("OpenAPI")]
        ),
        // Layer 4: the event log on PostgreSQL; only it (and the executable) pulls in PostgresNIO.
        .target(
            name: "KanbanPostgres",
            dependencies: [
                "KanbanLog", "KanbanCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "kanban",
            dependencies: [
                "KanbanCLI", "KanbanServer", "KanbanPostgres", "KanbanReplica",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        .target(name: "KanbanTestSupport", dependencies: ["Kanban", "KanbanOutput"], path: "Tests/KanbanTestSupport"),
        .testTarget(name: "LMDBStorageTests", dependencies: ["LMDBStorage", "KanbanTestSupport"]),
        .testTarget(
            name: "KanbanCoreTests",
            dependencies: ["KanbanCore", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "KanbanTests",
            dependencies: [
                "Kanban", "KanbanOutput", "KanbanTrello", "KanbanReplica", "KanbanPostgres", "KanbanTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            exclude: ["Trello/Fixtures"]
        ),
        .testTarget(
            name: "KanbanCLITests",
            dependencies: ["KanbanCLI", "KanbanOutput", "KanbanReplica", "KanbanTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "KanbanServerTests",
            dependencies: [
                "KanbanServer", "KanbanOutput", "KanbanTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "KanbanPostgresTests",
            dependencies: ["KanbanPostgres", "KanbanOutput", "KanbanTestSupport", .product(name: "Crypto", package: "swift-crypto")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
