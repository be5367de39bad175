// swift-tools-version: 6.2
import PackageDescription

/// Settings shared by every Swift target (one loop, as swift-log's manifest does).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "CaptureKit",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "BlinkID", targets: ["BlinkID"]),
        .executable(name: "capkit", targets: ["capkit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // Native shims over Debian libraries (installed by scripts/bootstrap).
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSPNG", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
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

        // Shared runtime: images, codecs, geometry, broadcasting, licences, resources.
        .target(
            name: "CaptureCore",
            dependencies: [
                "CTurboJPEG", "CSPNG",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Document localisation, quality, rectification, MRZ reading.
        .target(
            name: "DocumentEngine",
            dependencies: ["CaptureCore"],
            resources: [.copy("Resources")]
        ),
        // Public BlinkID core API (names from the BlinkID guide).
        .target(name: "BlinkID", dependencies: ["CaptureCore", "DocumentEngine"]),

        // Seeded synthetic documents and glyphs (Cairo + Debian's fonts-ocr-b): tests, eval, training.
        .target(name: "DocumentSynthesis", dependencies: ["CaptureCore", "DocumentEngine", "CCairo"]),

        // The MRZ recogniser's training tool: OCR-B renders with augmentation (`capkit train-ocr`).
        .target(name: "OCRTraining", dependencies: ["CaptureCore", "DocumentEngine", "DocumentSynthesis", "CCairo"]),

        // Face detection, landmarks, tracking, head pose and the eyewear renderer (FBx try-on).
        .target(name: "FaceEngine", dependencies: ["CaptureCore", "CDlibShim"]),
        // Face sequences with known ground truth (sample faces moved along paths) and their metrics.
        .target(name: "FaceEvaluation", dependencies: ["CaptureCore", "FaceEngine"]),

        // Test support: manual clocks, gates, a loopback HTTP server with fault switches.
        .target(
            name: "CaptureKitTesting",
            dependencies: ["CaptureCore", .product(name: "Crypto", package: "swift-crypto")]
        ),

        .executableTarget(
            name: "capkit",
            dependencies: [
                "BlinkID", "CaptureCore", "DocumentEngine", "DocumentSynthesis", "OCRTraining", "FaceEngine",
                "FaceEvaluation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "CaptureCoreTests", dependencies: ["CaptureCore", "CaptureKitTesting"]),
        .testTarget(name: "DocumentEngineTests", dependencies: ["DocumentEngine", "DocumentSynthesis"]),
        .testTarget(name: "DocumentSynthesisTests", dependencies: ["DocumentSynthesis", "DocumentEngine"]),
        .testTarget(name: "FaceEngineTests", dependencies: ["FaceEngine", "FaceEvaluation"]),
        .testTarget(name: "BlinkIDTests", dependencies: ["BlinkID", "DocumentSynthesis", "CaptureKitTesting"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
