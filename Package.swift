// swift-tools-version: 6.2
import PackageDescription

/// Settings shared by every Swift target (one loop, as swift-log's manifest does).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "CaptureKit",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "BlinkID", targets: ["BlinkID"]),
        .library(name: "BlinkIDUX", targets: ["BlinkIDUX"]),
        .library(name: "FBxSDK", targets: ["FBxSDK"]),
        .library(name: "Fortface", targets: ["Fortface"]),
        .executable(name: "capkit", targets: ["capkit"]),
        .executable(name: "capkit-server", targets: ["capkit-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // Server: Hummingbird 2 (without its swift-configuration trait), SQLKit over SQLite (Debian's
        // libsqlite3, our own driver) and PostgreSQL.
        .package(
            url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1",
            traits: ["FullFoundation"]),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Test only: the server tests parse openapi.yaml with OpenAPIKit (without its ExternalLoading trait).
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        // Build tool only: `make docs` (the DocC catalogs of the four public modules).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // Native shims over Debian libraries (installed by scripts/bootstrap).
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSPNG", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // SQLite 3.35+ (RETURNING) for capkit-server's embedded store.
        .systemLibrary(name: "CSQLite3", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // Tesseract 5 C API; Portuguese data from tesseract-ocr-por (document classification).
        .systemLibrary(
            name: "CTesseract", pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev", "tesseract-ocr-por"])]
        ),
        // dlib 19.24 (HOG face detector, shape predictor) behind a plain C header.
        .target(
            name: "CDlibShim",
            // dlib's detector and predictor are header templates compiled INTO this shim; at -O0
            // (debug) detection is about 80x slower, so the shim is always optimised. This is the
            // package's only unsafe flag: drop it (and test with -c release) if the package is
            // ever consumed by URL, where SwiftPM rejects unsafe flags.
            cxxSettings: [.unsafeFlags(["-O2"])],
            // Listed by hand: pkg-config's dlib-1 gives absolute .so paths that SwiftPM drops.
            linkerSettings: [
                .linkedLibrary("dlib"), .linkedLibrary("lapack"), .linkedLibrary("blas"), .linkedLibrary("m"),
            ]
        ),
        // libFuzzer's driver entry point, declared for capkit-fuzz (scripts/fuzz links libFuzzer).
        .target(name: "CFuzzerDriver"),
        // C++17 shim with a plain-C header over zxing-cpp (libzxing-dev): PDF417 decode and encode.
        .target(name: "CZXingShim", linkerSettings: [.linkedLibrary("ZXing"), .linkedLibrary("m")]),

        // Shared runtime: images, codecs, geometry, broadcasting, licences, resources.
        .target(
            name: "CaptureCore",
            dependencies: [
                "CTurboJPEG", "CSPNG",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Document localisation, quality, rectification, MRZ reading.
        .target(
            name: "DocumentEngine",
            dependencies: ["CaptureCore", "CZXingShim"],
            resources: [.copy("Resources")]
        ),
        // Public BlinkID core API (names from the BlinkID guide).
        .target(name: "BlinkID", dependencies: ["CaptureCore", "DocumentEngine"]),
        // The scan result's one JSON schema (`capkit scan --json`, `POST /v1/documents/scan`) and photo scanning.
        .target(name: "DocumentScanReport", dependencies: ["BlinkID", "CaptureCore", "DocumentEngine"]),
        // The BlinkID guide's UX layer: analyzer, UI events, reticle and instructions (SwiftUI views in Apple/).
        .target(name: "BlinkIDUX", dependencies: ["BlinkID", "CaptureCore"], resources: [.process("Resources")]),

        // The Fortface guide's client SDK: device token, capture and upload sessions, sealed payloads.
        .target(
            name: "Fortface",
            dependencies: [
                "CaptureCore", "DocumentEngine", "FortfaceWire", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Document kind and side (passport, ID card, visa, Brazilian RG and CNH) for the Fortface API.
        .target(name: "DocumentClassification", dependencies: ["CaptureCore", "DocumentEngine", "CTesseract"]),

        // Seeded synthetic documents and glyphs (Cairo + Debian's fonts-ocr-b): tests, eval, training.
        .target(name: "DocumentSynthesis", dependencies: ["CaptureCore", "DocumentEngine", "CCairo"]),

        // The MRZ recogniser's training tool: OCR-B renders with augmentation (`capkit train-ocr`).
        .target(name: "OCRTraining", dependencies: ["CaptureCore", "DocumentEngine", "DocumentSynthesis", "CCairo"]),

        // Face detection, landmarks, tracking, head pose and the eyewear renderer (FBx try-on).
        .target(name: "FaceEngine", dependencies: ["CaptureCore", "CDlibShim"]),
        // Public FBx try-on API (names from the FBx guide): manager, lifecycle, licence check, headless view.
        .target(
            name: "FBxSDK",
            dependencies: ["CaptureCore", "FaceEngine", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Face sequences with known ground truth (sample faces moved along paths) and their metrics.
        .target(name: "FaceEvaluation", dependencies: ["CaptureCore", "FaceEngine"]),

        // Fortface wire formats shared by the SDK and the API: device tokens and certificates, session
        // keys, sealed payloads (notes/security.md §3.1–3.4).
        .target(
            name: "FortfaceWire",
            dependencies: [
                "CaptureCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),

        // Test support: manual clocks, gates, a loopback HTTP server with fault switches.
        .target(
            name: "CaptureKitTesting",
            dependencies: ["CaptureCore", .product(name: "Crypto", package: "swift-crypto")]
        ),

        // The vendor backend: licences, resources, eyewear catalog (Hummingbird; SQLite or PostgreSQL).
        .target(
            name: "CaptureKitServer",
            dependencies: [
                "BlinkID", "CaptureCore", "CSQLite3", "DocumentClassification", "DocumentScanReport", "FaceEngine",
                "FortfaceWire",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            // The OpenAPI document, served at /openapi.yaml, and the web console's files, served at / and /console/.
            resources: [.copy("OpenAPI/openapi.yaml"), .copy("Console")]
        ),
        .executableTarget(
            name: "capkit-server",
            dependencies: [
                "CaptureKitServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        .executableTarget(
            name: "capkit",
            dependencies: [
                "BlinkID", "BlinkIDUX", "CaptureCore", "CaptureKitServer", "DocumentClassification", "DocumentEngine",
                "DocumentScanReport", "DocumentSynthesis", "OCRTraining", "FaceEngine", "FaceEvaluation", "FBxSDK",
                "Fortface",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // The fuzz targets of the parsers of untrusted input; a replayer when built as usual (make fuzz).
        .executableTarget(
            name: "capkit-fuzz",
            dependencies: [
                "CaptureCore", "CFuzzerDriver", "DocumentEngine", "FortfaceWire",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "CaptureCoreTests", dependencies: ["CaptureCore", "CaptureKitTesting"]),
        .testTarget(name: "DocumentEngineTests", dependencies: ["DocumentEngine", "DocumentSynthesis"]),
        .testTarget(
            name: "DocumentClassificationTests",
            dependencies: ["DocumentClassification", "DocumentEngine", "DocumentSynthesis", "CaptureCore"]
        ),
        .testTarget(name: "DocumentSynthesisTests", dependencies: ["DocumentSynthesis", "DocumentEngine"]),
        .testTarget(
            name: "OCRTrainingTests",
            dependencies: ["OCRTraining", "DocumentEngine", "DocumentSynthesis", "CaptureCore"]),
        // The fixture is read from the source tree by path (#filePath), not bundled.
        .testTarget(
            name: "FaceEngineTests", dependencies: ["CaptureCore", "FaceEngine", "FaceEvaluation"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FBxSDKTests",
            dependencies: [
                "FBxSDK", "CaptureCore", "FaceEngine", "CaptureKitServer", "CaptureKitTesting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "FortfaceWireTests",
            dependencies: [
                "FortfaceWire", "CaptureCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "CZXingShimTests", dependencies: ["CZXingShim"]),
        .testTarget(
            name: "BlinkIDTests",
            dependencies: [
                "BlinkID", "CaptureCore", "DocumentEngine", "DocumentSynthesis", "CaptureKitTesting",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "BlinkIDUXTests",
            dependencies: [
                "BlinkIDUX", "BlinkID", "CaptureCore", "CaptureKitTesting",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "CaptureKitServerTests",
            dependencies: [
                "BlinkID", "CaptureCore", "CaptureKitServer", "CaptureKitTesting", "DocumentClassification",
                "DocumentEngine", "DocumentScanReport", "DocumentSynthesis", "FortfaceWire",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Runs the built capkit executable (beside the test bundle) from the repository root.
        .testTarget(name: "CapKitTests", dependencies: ["CaptureCore", "CaptureKitTesting"]),
        .testTarget(name: "FuzzTargetTests", dependencies: ["capkit-fuzz"]),
        .testTarget(
            name: "FortfaceTests",
            dependencies: [
                "Fortface", "FortfaceWire", "CaptureCore", "CaptureKitTesting", "CaptureKitServer",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
