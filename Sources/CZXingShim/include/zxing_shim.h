/*
 * zxing_shim.h: a plain-C interface to the PDF417 reader and writer of Debian's zxing-cpp 1.4.
 *
 * Every function catches all C++ exceptions and reports failures as a ZXS_* code; the message of
 * the last failure on the calling thread is available from zxs_last_error() until the next call on
 * that thread. Buffers handed out by the shim are released with the matching *_free function.
 */
#ifndef CAPTUREKIT_ZXING_SHIM_H
#define CAPTUREKIT_ZXING_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Result codes. */
enum {
    ZXS_OK = 0,
    /* No PDF417 symbol was found (or none could be decoded) in the image. */
    ZXS_NOT_FOUND = 1,
    /* An argument is out of range (null pointer, non-positive size, stride smaller than width, ...). */
    ZXS_INVALID_ARGUMENT = 2,
    /* A symbol was located but its codewords failed error correction or its content is malformed. */
    ZXS_DECODE_FAILED = 3,
    /* The writer refused the content (too long for one symbol, unsupported characters, ...). */
    ZXS_ENCODE_FAILED = 4,
    /* Memory could not be allocated. */
    ZXS_OUT_OF_MEMORY = 5,
    /* Any other failure inside zxing-cpp. */
    ZXS_INTERNAL = 6,
    /* zxing-cpp touched memory outside its buffers (SIGSEGV or SIGBUS) while reading this image and
     * the call was abandoned (see zxs_decode_pdf417). Nothing was read; the process goes on. */
    ZXS_FAULT = 7
};

/* Binarisers zxing-cpp can apply before detection. */
enum {
    /* Threshold = local average of the neighbourhood (zxing's HybridBinarizer). */
    ZXS_BINARIZER_LOCAL_AVERAGE = 0,
    /* Threshold = valley between the two largest histogram peaks, per image. */
    ZXS_BINARIZER_GLOBAL_HISTOGRAM = 1,
    /* Threshold = 127. */
    ZXS_BINARIZER_FIXED = 2
};

/* An integer pixel position. */
typedef struct zxs_point {
    int32_t x;
    int32_t y;
} zxs_point;

/* Options of one decode attempt. */
typedef struct zxs_decode_options {
    /* Non-zero: spend more time looking for the symbol. */
    int32_t try_harder;
    /* Non-zero: also look at the image turned by 90, 180 and 270 degrees. */
    int32_t try_rotate;
    /* Non-zero: also look in downscaled copies of large images. */
    int32_t try_downscale;
    /* One of ZXS_BINARIZER_*. */
    int32_t binarizer;
} zxs_decode_options;

/* A decoded symbol. `bytes` holds the symbol's raw content bytes exactly as encoded (no character
 * set conversion); `text` the content converted to UTF-8 as zxing-cpp sees it (ECI or ISO 8859-1).
 * `corners` are the symbol's corners in image pixels: top-left, top-right, bottom-right,
 * bottom-left of the symbol as read. */
typedef struct zxs_decoded {
    uint8_t *bytes;
    size_t bytes_length;
    uint8_t *text;
    size_t text_length;
    zxs_point corners[4];
    /* Orientation of the symbol in degrees, as zxing-cpp reports it. */
    int32_t orientation;
    /* The error-correction level read from the symbol (0...8), or -1 when unknown. */
    int32_t ec_level;
} zxs_decoded;

/* A module matrix: `width` x `height` samples, 0 for dark modules, 255 for light ones, row-major,
 * no padding. One PDF417 row spans several matrix rows (zxing-cpp draws rows 4 modules high). */
typedef struct zxs_matrix {
    uint8_t *pixels;
    int32_t width;
    int32_t height;
} zxs_matrix;

/* Fills `options` with the defaults: try harder, try rotate, try downscale, local-average binariser. */
void zxs_decode_options_init(zxs_decode_options *options);

/* Looks for one PDF417 symbol in an 8-bit gray image of `width` x `height` samples whose rows start
 * `row_stride` bytes apart. On ZXS_OK, `out` owns buffers to release with zxs_decoded_free. On
 * ZXS_DECODE_FAILED, `out->corners` holds where the undecodable symbol was seen (no buffers).
 *
 * zxing-cpp 1.4 (Debian bookworm) can read outside its tables on a damaged symbol whose row
 * indicators give a negative codeword count (zxing-cpp issue 517, fixed upstream in 2.0). The call
 * runs under a fault guard: a SIGSEGV or SIGBUS raised on this thread while zxing-cpp works returns
 * ZXS_FAULT (`out` zeroed) instead of ending the process; the objects zxing-cpp had allocated for
 * the call are not freed. A fault on any other thread, or outside a shim call, goes to the handler
 * installed before the shim's (the process's crash reporting is unchanged). */
int zxs_decode_pdf417(const uint8_t *gray, int32_t width, int32_t height, int32_t row_stride,
                      const zxs_decode_options *options, zxs_decoded *out);

/* Releases the buffers of a decoded symbol (safe on a zeroed struct; leaves it zeroed). */
void zxs_decoded_free(zxs_decoded *decoded);

/* Encodes `length` bytes as a PDF417 symbol. With `is_binary` non-zero each byte is one character
 * of ISO 8859-1 (the bytes come back unchanged from zxs_decode_pdf417), otherwise the bytes must be
 * UTF-8 text. `margin` is the quiet zone in modules (>= 0), `ec_level` the error-correction level
 * 0...8 or -1 for the writer's choice. On ZXS_OK, release `out` with zxs_matrix_free. */
int zxs_encode_pdf417(const uint8_t *data, size_t length, int32_t is_binary, int32_t margin,
                      int32_t ec_level, zxs_matrix *out);

/* Releases a module matrix (safe on a zeroed struct; leaves it zeroed). */
void zxs_matrix_free(zxs_matrix *matrix);

/* Reads a page of memory that may not be read, inside the same fault guard as zxs_decode_pdf417:
 * returns ZXS_FAULT when the guard caught the fault (a self-test of the guard; never needed to
 * decode). */
int zxs_fault_guard_self_test(void);

/* The message of the last failure on this thread ("" when none); valid until the next shim call on
 * the same thread. Never contains content bytes. */
const char *zxs_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
