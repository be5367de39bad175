internal import CSPNG
internal import CTurboJPEG
public import Foundation

/// JPEG (libjpeg-turbo) and PNG (libspng) decoding and encoding.
///
/// Decoding checks the declared dimensions against ``maxPixels`` before allocating, so a tiny file
/// that claims to be 60000x60000 fails fast with ``ImageError/tooLarge(width:height:maxPixels:)``.
/// Any decoder warning (for example a truncated JPEG) is treated as corruption: a half-decoded
/// frame is never handed on as if it were whole.
public enum ImageCodec {
    /// The encoded formats the codec knows.
    public enum Format: String, Sendable {
        case jpeg
        case png
    }

    /// Largest image accepted by default: 64 megapixels (for example 8192x8192).
    public static let defaultMaxPixels = 64 * 1024 * 1024

    /// The format named by the first bytes of `data`, if it is one the codec knows.
    public static func sniff<Bytes: Collection<UInt8>>(_ data: Bytes) -> Format? {
        let head = Array(data.prefix(8))
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        return nil
    }

    /// Decodes a JPEG or PNG file into RGBA.
    public static func decode(contentsOf url: URL, maxPixels: Int = defaultMaxPixels) throws(ImageError) -> RGBAImage {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(path: url.path, reason: (error as NSError).localizedDescription)
        }
        return try decode(data, maxPixels: maxPixels)
    }

    /// Decodes JPEG or PNG bytes into RGBA.
    public static func decode(_ data: Data, maxPixels: Int = defaultMaxPixels) throws(ImageError) -> RGBAImage {
        guard !data.isEmpty else { throw .empty }
        switch sniff(data) {
        case .jpeg: return try decodeJPEG(data, maxPixels: maxPixels)
        case .png: return try decodePNG(data, maxPixels: maxPixels)
        case nil: throw .unsupportedFormat
        }
    }

    /// Encodes RGBA as JPEG (4:2:0, `quality` 1...100).
    public static func encodeJPEG(_ image: RGBAImage, quality: Int = 90) throws(ImageError) -> Data {
        try encodeJPEG(
            pixels: image.pixels, width: image.width, height: image.height,
            pixelFormat: Int32(TJPF_RGBA.rawValue), subsampling: Int32(TJSAMP_420.rawValue),
            quality: quality)
    }

    /// Encodes a gray image as a single-channel JPEG.
    public static func encodeJPEG(_ image: GrayImage, quality: Int = 90) throws(ImageError) -> Data {
        try encodeJPEG(
            pixels: image.pixels, width: image.width, height: image.height,
            pixelFormat: Int32(TJPF_GRAY.rawValue), subsampling: Int32(TJSAMP_GRAY.rawValue),
            quality: quality)
    }

    /// Encodes RGBA as PNG. `compressionLevel` is zlib's 0...9; 6 is a good balance, 1 is fast.
    public static func encodePNG(_ image: RGBAImage, compressionLevel: Int = 6) throws(ImageError) -> Data {
        try encodePNG(
            pixels: image.pixels, width: image.width, height: image.height,
            colorType: UInt8(SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue), compressionLevel: compressionLevel)
    }

    /// Encodes a gray image as an 8-bit grayscale PNG.
    public static func encodePNG(_ image: GrayImage, compressionLevel: Int = 6) throws(ImageError) -> Data {
        try encodePNG(
            pixels: image.pixels, width: image.width, height: image.height,
            colorType: UInt8(SPNG_COLOR_TYPE_GRAYSCALE.rawValue), compressionLevel: compressionLevel)
    }

    // MARK: - JPEG

    private static func decodeJPEG(_ data: Data, maxPixels: Int) throws(ImageError) -> RGBAImage {
        guard let handle = tjInitDecompress() else {
            throw .corrupt(format: "JPEG", reason: "decoder unavailable")
        }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsamp: Int32 = 0, colorspace: Int32 = 0
        let headerOK = data.withUnsafeBytes { raw -> Bool in
            let p = raw.bindMemory(to: UInt8.self).baseAddress
            return tjDecompressHeader3(handle, p, UInt(raw.count), &width, &height, &subsamp, &colorspace) == 0
        }
        guard headerOK else { throw .corrupt(format: "JPEG", reason: errorString(handle)) }
        try checkDimensions(Int(width), Int(height), maxPixels: maxPixels)
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let rc = data.withUnsafeBytes { raw -> Int32 in
            let p = raw.bindMemory(to: UInt8.self).baseAddress
            return pixels.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(
                    handle, p, UInt(raw.count), dst.baseAddress, width, 0, height,
                    Int32(TJPF_RGBA.rawValue), Int32(TJFLAG_ACCURATEDCT))
            }
        }
        // Warnings (for example "Premature end of JPEG file") also return -1: treat them as damage.
        guard rc == 0 else { throw .corrupt(format: "JPEG", reason: errorString(handle)) }
        return try RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    private static func encodeJPEG(
        pixels: [UInt8], width: Int, height: Int, pixelFormat: Int32, subsampling: Int32, quality: Int
    ) throws(ImageError) -> Data {
        guard width > 0, height > 0 else { throw .invalidDimensions(width: width, height: height) }
        guard let handle = tjInitCompress() else {
            throw .encodingFailed(format: "JPEG", reason: "encoder unavailable")
        }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let rc = pixels.withUnsafeBufferPointer { src in
            tjCompress2(
                handle, src.baseAddress, Int32(width), 0, Int32(height), pixelFormat,
                &output, &size, subsampling, Int32(min(max(quality, 1), 100)), 0)
        }
        defer { if let output { tjFree(output) } }
        guard rc == 0, let output else { throw .encodingFailed(format: "JPEG", reason: errorString(handle)) }
        return Data(bytes: output, count: Int(size))
    }

    private static func errorString(_ handle: tjhandle) -> String {
        guard let c = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: c)
    }

    // MARK: - PNG

    private static func decodePNG(_ data: Data, maxPixels: Int) throws(ImageError) -> RGBAImage {
        guard let ctx = spng_ctx_new(0) else { throw .corrupt(format: "PNG", reason: "decoder unavailable") }
        defer { spng_ctx_free(ctx) }
        // Bound chunk sizes so ancillary chunks cannot exhaust memory.
        spng_set_chunk_limits(ctx, 16 * 1024 * 1024, 64 * 1024 * 1024)
        let result = data.withUnsafeBytes { raw in
            Result { () throws(ImageError) -> RGBAImage in try decodePNG(ctx: ctx, raw: raw, maxPixels: maxPixels) }
        }
        return try result.get()
    }

    private static func decodePNG(
        ctx: OpaquePointer, raw: UnsafeRawBufferPointer, maxPixels: Int
    ) throws(ImageError) -> RGBAImage {
        var rc = spng_set_png_buffer(ctx, raw.baseAddress, raw.count)
        guard rc == 0 else { throw .corrupt(format: "PNG", reason: spngMessage(rc)) }
        var ihdr = spng_ihdr()
        rc = spng_get_ihdr(ctx, &ihdr)
        guard rc == 0 else { throw .corrupt(format: "PNG", reason: spngMessage(rc)) }
        try checkDimensions(Int(ihdr.width), Int(ihdr.height), maxPixels: maxPixels)
        let format = Int32(SPNG_FMT_RGBA8.rawValue)
        var size = 0
        rc = spng_decoded_image_size(ctx, format, &size)
        guard rc == 0, size == Int(ihdr.width) * Int(ihdr.height) * 4 else {
            throw .corrupt(format: "PNG", reason: spngMessage(rc))
        }
        var pixels = [UInt8](repeating: 0, count: size)
        rc = pixels.withUnsafeMutableBytes { dst in
            spng_decode_image(ctx, dst.baseAddress, size, format, Int32(SPNG_DECODE_TRNS.rawValue))
        }
        guard rc == 0 else { throw .corrupt(format: "PNG", reason: spngMessage(rc)) }
        return try RGBAImage(width: Int(ihdr.width), height: Int(ihdr.height), pixels: pixels)
    }

    private static func encodePNG(
        pixels: [UInt8], width: Int, height: Int, colorType: UInt8, compressionLevel: Int
    ) throws(ImageError) -> Data {
        guard width > 0, height > 0 else { throw .invalidDimensions(width: width, height: height) }
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
            throw .encodingFailed(format: "PNG", reason: "encoder unavailable")
        }
        defer { spng_ctx_free(ctx) }
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, Int32(min(max(compressionLevel, 0), 9)))
        var ihdr = spng_ihdr()
        ihdr.width = UInt32(width)
        ihdr.height = UInt32(height)
        ihdr.bit_depth = 8
        ihdr.color_type = colorType
        var rc = spng_set_ihdr(ctx, &ihdr)
        guard rc == 0 else { throw .encodingFailed(format: "PNG", reason: spngMessage(rc)) }
        rc = pixels.withUnsafeBytes { src in
            spng_encode_image(
                ctx, src.baseAddress, src.count, Int32(SPNG_FMT_PNG.rawValue),
                Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        guard rc == 0 else { throw .encodingFailed(format: "PNG", reason: spngMessage(rc)) }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else {
            throw .encodingFailed(format: "PNG", reason: spngMessage(error))
        }
        defer { free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    private static func spngMessage(_ code: Int32) -> String {
        guard let c = spng_strerror(code) else { return "error \(code)" }
        return String(cString: c)
    }

    private static func checkDimensions(_ width: Int, _ height: Int, maxPixels: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw .invalidDimensions(width: width, height: height) }
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels,
            width <= 65535, height <= 65535
        else {
            throw .tooLarge(width: width, height: height, maxPixels: maxPixels)
        }
    }
}
