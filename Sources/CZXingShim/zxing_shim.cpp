// zxing_shim.cpp: the C interface of zxing_shim.h over zxing-cpp 1.4 (Debian libzxing-dev).
// Every entry point catches all exceptions: nothing from C++ crosses into Swift.
#define ZX_USE_UTF8 1

#include "zxing_shim.h"

#include <ZXing/BitMatrix.h>
#include <ZXing/MultiFormatWriter.h>
#include <ZXing/ReadBarcode.h>

#include <csetjmp>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace {

thread_local std::string lastError;

int fail(int code, const char *message) {
    lastError = message;
    return code;
}

int failFromException(const std::exception &e, int code) {
    lastError = e.what();
    return code;
}

uint8_t *copyBytes(const void *data, size_t length) {
    // One extra byte keeps malloc(0) out of the picture and lets the text be read as a C string.
    auto *out = static_cast<uint8_t *>(std::malloc(length + 1));
    if (out == nullptr) throw std::bad_alloc();
    if (length > 0) std::memcpy(out, data, length);
    out[length] = 0;
    return out;
}

// MARK: the fault guard
//
// zxing-cpp 1.4 lets a misread row indicator put a negative codeword count into its PDF417 error
// correction, which then indexes its log tables with it (zxing-cpp issue 517; upstream fixed it in
// 2.0, Debian bookworm ships 1.4). Most such reads land in mapped memory and only spoil that call;
// some fault. A fault on a thread inside a guarded call jumps back to the call, which returns
// ZXS_FAULT; any other fault is handed to the handler that was installed before ours.

thread_local sigjmp_buf *faultJump = nullptr;
struct sigaction previousSegv;
struct sigaction previousBus;
std::once_flag handlerInstalled;

void onFault(int signal, siginfo_t *, void *) {
    sigjmp_buf *jump = faultJump;
    if (jump != nullptr) {
        faultJump = nullptr;
        siglongjmp(*jump, 1);
    }
    // Not a guarded call: put the earlier handler back; returning re-raises the fault under it.
    sigaction(signal, signal == SIGBUS ? &previousBus : &previousSegv, nullptr);
}

void installFaultHandler() {
    struct sigaction action;
    std::memset(&action, 0, sizeof(action));
    action.sa_sigaction = onFault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previousSegv);
    sigaction(SIGBUS, &action, &previousBus);
}

// Runs `body` (which returns a ZXS_* code) under the fault guard. `body` must not hold locks or
// own resources that outlive it other than memory: a fault skips its destructors.
template <typename Body>
int guarded(Body &&body) {
    std::call_once(handlerInstalled, installFaultHandler);
    sigjmp_buf jump;
    if (sigsetjmp(jump, 1) != 0) {
        return fail(ZXS_FAULT, "zxing-cpp read outside its buffers on this image; the call was abandoned");
    }
    faultJump = &jump;
    const int code = body();
    faultJump = nullptr;
    return code;
}

ZXing::Binarizer binarizer(int32_t value) {
    switch (value) {
    case ZXS_BINARIZER_GLOBAL_HISTOGRAM: return ZXing::Binarizer::GlobalHistogram;
    case ZXS_BINARIZER_FIXED: return ZXing::Binarizer::FixedThreshold;
    default: return ZXing::Binarizer::LocalAverage;
    }
}

// The DecodeHints setters return references; build the hints by value in one place.
ZXing::DecodeHints hints(const zxs_decode_options &options) {
    ZXing::DecodeHints h;
    h.setFormats(ZXing::BarcodeFormat::PDF417);
    h.setTryHarder(options.try_harder != 0);
    h.setTryRotate(options.try_rotate != 0);
    h.setTryDownscale(options.try_downscale != 0);
    h.setBinarizer(binarizer(options.binarizer));
    h.setMaxNumberOfSymbols(1);
    // Symbols that fail error correction come back with their position (reported as ZXS_DECODE_FAILED).
    h.setReturnErrors(true);
    return h;
}

} // namespace

extern "C" {

void zxs_decode_options_init(zxs_decode_options *options) {
    if (options == nullptr) return;
    options->try_harder = 1;
    options->try_rotate = 1;
    options->try_downscale = 1;
    options->binarizer = ZXS_BINARIZER_LOCAL_AVERAGE;
}

int zxs_decode_pdf417(const uint8_t *gray, int32_t width, int32_t height, int32_t row_stride,
                      const zxs_decode_options *options, zxs_decoded *out) {
    lastError.clear();
    if (out == nullptr) return fail(ZXS_INVALID_ARGUMENT, "no output given");
    std::memset(out, 0, sizeof(*out));
    if (gray == nullptr) return fail(ZXS_INVALID_ARGUMENT, "no pixels given");
    if (width <= 0 || height <= 0) return fail(ZXS_INVALID_ARGUMENT, "image size must be positive");
    if (row_stride < width) return fail(ZXS_INVALID_ARGUMENT, "row stride is smaller than the width");
    zxs_decode_options defaults;
    zxs_decode_options_init(&defaults);
    const zxs_decode_options &opts = options != nullptr ? *options : defaults;
    const int code = guarded([&]() -> int {
    try {
        ZXing::ImageView view(gray, width, height, ZXing::ImageFormat::Lum, row_stride);
        ZXing::Result result = ZXing::ReadBarcode(view, hints(opts));
        if (result.format() == ZXing::BarcodeFormat::None) {
            return fail(ZXS_NOT_FOUND, "no PDF417 symbol found");
        }
        const ZXing::Position &position = result.position();
        for (int i = 0; i < 4; ++i) {
            out->corners[i].x = position[i].x;
            out->corners[i].y = position[i].y;
        }
        if (!result.isValid()) {
            lastError = "PDF417 symbol could not be decoded: " + ZXing::ToString(result.error());
            return ZXS_DECODE_FAILED;
        }
        const ZXing::ByteArray &bytes = result.bytes();
        const std::string text = result.text();
        uint8_t *bytesCopy = copyBytes(bytes.data(), bytes.size());
        uint8_t *textCopy = nullptr;
        try {
            textCopy = copyBytes(text.data(), text.size());
        } catch (...) {
            std::free(bytesCopy);
            throw;
        }
        out->bytes = bytesCopy;
        out->bytes_length = bytes.size();
        out->text = textCopy;
        out->text_length = text.size();
        out->orientation = result.orientation();
        const std::string level = result.ecLevel();
        out->ec_level = (level.size() == 1 && level[0] >= '0' && level[0] <= '8') ? level[0] - '0' : -1;
        return ZXS_OK;
    } catch (const std::bad_alloc &e) {
        return failFromException(e, ZXS_OUT_OF_MEMORY);
    } catch (const std::exception &e) {
        return failFromException(e, ZXS_INTERNAL);
    } catch (...) {
        return fail(ZXS_INTERNAL, "unknown exception in zxing-cpp");
    }
    });
    if (code == ZXS_FAULT) std::memset(out, 0, sizeof(*out));
    return code;
}

void zxs_decoded_free(zxs_decoded *decoded) {
    if (decoded == nullptr) return;
    std::free(decoded->bytes);
    std::free(decoded->text);
    std::memset(decoded, 0, sizeof(*decoded));
}

int zxs_encode_pdf417(const uint8_t *data, size_t length, int32_t is_binary, int32_t margin,
                      int32_t ec_level, zxs_matrix *out) {
    lastError.clear();
    if (out == nullptr) return fail(ZXS_INVALID_ARGUMENT, "no output given");
    std::memset(out, 0, sizeof(*out));
    if (data == nullptr && length > 0) return fail(ZXS_INVALID_ARGUMENT, "no content given");
    if (length == 0) return fail(ZXS_INVALID_ARGUMENT, "content is empty");
    if (margin < 0 || margin > 100) return fail(ZXS_INVALID_ARGUMENT, "margin must be 0...100 modules");
    if (ec_level < -1 || ec_level > 8) return fail(ZXS_INVALID_ARGUMENT, "error-correction level must be -1 or 0...8");
    try {
        ZXing::MultiFormatWriter writer(ZXing::BarcodeFormat::PDF417);
        writer.setMargin(margin).setEccLevel(ec_level);
        ZXing::BitMatrix matrix;
        if (is_binary != 0) {
            // One ISO 8859-1 character per byte, so every byte value survives unchanged.
            std::wstring content(length, L'\0');
            for (size_t i = 0; i < length; ++i) content[i] = static_cast<wchar_t>(data[i]);
            writer.setEncoding(ZXing::CharacterSet::ISO8859_1);
            matrix = writer.encode(content, 0, 0);
        } else {
            writer.setEncoding(ZXing::CharacterSet::UTF8);
            matrix = writer.encode(std::string(reinterpret_cast<const char *>(data), length), 0, 0);
        }
        auto pixels = ZXing::ToMatrix<uint8_t>(matrix, 0, 255);
        if (pixels.width() <= 0 || pixels.height() <= 0) return fail(ZXS_ENCODE_FAILED, "writer returned an empty symbol");
        out->pixels = copyBytes(pixels.data(), static_cast<size_t>(pixels.size()));
        out->width = pixels.width();
        out->height = pixels.height();
        return ZXS_OK;
    } catch (const std::bad_alloc &e) {
        return failFromException(e, ZXS_OUT_OF_MEMORY);
    } catch (const std::exception &e) {
        return failFromException(e, ZXS_ENCODE_FAILED);
    } catch (...) {
        return fail(ZXS_INTERNAL, "unknown exception in zxing-cpp");
    }
}

void zxs_matrix_free(zxs_matrix *matrix) {
    if (matrix == nullptr) return;
    std::free(matrix->pixels);
    std::memset(matrix, 0, sizeof(*matrix));
}

int zxs_fault_guard_self_test(void) {
    lastError.clear();
    const long page = sysconf(_SC_PAGESIZE);
    void *guard = mmap(nullptr, static_cast<size_t>(page), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (guard == MAP_FAILED) return fail(ZXS_INTERNAL, "could not map a guard page");
    const int code = guarded([&]() -> int {
        volatile const uint8_t *unreadable = static_cast<const uint8_t *>(guard);
        return *unreadable == 0 ? ZXS_OK : ZXS_INTERNAL;
    });
    munmap(guard, static_cast<size_t>(page));
    return code;
}

const char *zxs_last_error(void) {
    return lastError.c_str();
}

} // extern "C"
