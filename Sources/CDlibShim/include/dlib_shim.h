// A plain C interface to the parts of dlib 19.24 (Debian's libdlib-dev) that the face engine uses:
// the HOG frontal face detector and the shape predictor (68-point landmarks from libdlib-data).
//
// Conventions:
// - Every function that can fail returns an int status: DLIB_SHIM_OK (0) or a negative
//   DLIB_SHIM_ERROR_* code. On failure, dlib_shim_last_error() describes what happened.
// - No C++ exception ever leaves this library: each entry point catches them all.
// - Images are 8-bit gray, row-major, `stride` bytes from one row to the next (stride >= width).
//   The library reads them in place and never keeps a pointer after the call returns.
//
// Thread safety:
// - A detector handle is NOT thread-safe (dlib's object_detector keeps scratch buffers in the
//   object): use one detector per thread, or serialise calls with a lock.
// - A predictor handle is immutable after creation: dlib_shim_landmarks() may be called on the
//   same predictor from several threads at once.
// - dlib_shim_last_error() is per thread (thread-local storage).
#ifndef DLIB_SHIM_H
#define DLIB_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes.
enum {
    DLIB_SHIM_OK = 0,
    /// An argument was invalid (null pointer, non-positive size, stride < width, ...).
    DLIB_SHIM_ERROR_INVALID_ARGUMENT = -1,
    /// The model file could not be opened.
    DLIB_SHIM_ERROR_MODEL_NOT_FOUND = -2,
    /// The model file was opened but is not a shape predictor dlib can read.
    DLIB_SHIM_ERROR_MODEL_UNREADABLE = -3,
    /// Memory could not be allocated.
    DLIB_SHIM_ERROR_OUT_OF_MEMORY = -4,
    /// dlib raised another error; see dlib_shim_last_error().
    DLIB_SHIM_ERROR_INTERNAL = -5,
};

/// A HOG frontal face detector (opaque).
typedef struct dlib_shim_detector dlib_shim_detector;
/// A shape predictor loaded from a model file (opaque).
typedef struct dlib_shim_predictor dlib_shim_predictor;

/// An axis-aligned rectangle in pixels: left/top inclusive, right/bottom exclusive.
typedef struct {
    double left;
    double top;
    double right;
    double bottom;
} dlib_shim_rect;

/// One detection: where, and the detector's score (higher is more certain; 0 is dlib's default cut).
typedef struct {
    dlib_shim_rect rect;
    double score;
} dlib_shim_detection;

/// An affine map from the model's unit square to image pixels:
/// x' = a*u + b*v + tx, y' = c*u + d*v + ty.
typedef struct {
    double a, b, c, d;
    double tx, ty;
} dlib_shim_affine;

/// Pixel layouts dlib_shim_landmarks_placed() reads.
enum {
    /// One byte per pixel.
    DLIB_SHIM_GRAY8 = 1,
    /// Four bytes per pixel, R G B A; intensity is BT.601 luma (R*77 + G*150 + B*29 + 128) >> 8.
    DLIB_SHIM_RGBA8 = 4,
};

/// A landmark position in pixels.
typedef struct {
    double x;
    double y;
} dlib_shim_point;

/// The message of the last failure on the calling thread ("" when none). Valid until the next
/// failing call on the same thread.
const char *dlib_shim_last_error(void);

/// Creates dlib's frontal face detector (its weights are compiled into libdlib).
int dlib_shim_detector_create(dlib_shim_detector **out_detector);
/// Destroys a detector; null is ignored.
void dlib_shim_detector_destroy(dlib_shim_detector *detector);

/// Finds faces in a gray image.
/// - upsample: how many times to double the image first (0 finds faces of about 80 px and up;
///   each doubling halves that size and costs about four times as much).
/// - min_score: detections scoring below this are dropped (dlib's own default is 0).
/// - Writes up to `capacity` detections, best first, to `out`, and the number found (which may be
///   larger than `capacity`) to `out_count`. Coordinates are in the input image's pixels.
int dlib_shim_detect(dlib_shim_detector *detector,
                     const uint8_t *gray, int width, int height, int stride,
                     int upsample, double min_score,
                     dlib_shim_detection *out, int capacity, int *out_count);

/// Loads a shape predictor (for example /usr/share/dlib/shape_predictor_68_face_landmarks.dat).
int dlib_shim_predictor_create(const char *model_path, dlib_shim_predictor **out_predictor);
/// Destroys a predictor; null is ignored.
void dlib_shim_predictor_destroy(dlib_shim_predictor *predictor);
/// The number of landmarks the predictor returns per face (68 for the iBUG 300-W layout).
int dlib_shim_predictor_part_count(const dlib_shim_predictor *predictor);

/// The predictor's starting shape (the mean training shape) in the unit square of the face
/// rectangle: (0,0) is the rectangle's top-left corner, (1,1) its bottom-right pixel (see
/// dlib_shim_landmarks). Writes dlib_shim_predictor_part_count() points.
int dlib_shim_predictor_mean_shape(const dlib_shim_predictor *predictor, dlib_shim_point *out, int capacity);

/// Fits the landmarks of the face inside `face` (which may extend past the image; pixels outside
/// read as 0). The edges may be fractional: the model's unit square maps to (left, top) ...
/// (right - 1, bottom - 1), which is what dlib does with a whole-pixel rectangle, and the
/// landmarks come back with sub-pixel precision (dlib's own API rounds both to whole pixels).
/// Writes dlib_shim_predictor_part_count() points to `out`; `capacity` must be at least that.
int dlib_shim_landmarks(const dlib_shim_predictor *predictor,
                        const uint8_t *gray, int width, int height, int stride,
                        dlib_shim_rect face, dlib_shim_point *out, int capacity);

/// Like dlib_shim_landmarks(), with the face placed by an affine map of the model's unit square
/// (for example a rectangle rotated with the head's roll) on a gray or RGBA image. Only the few
/// hundred pixels the model reads are touched, so no gray copy or crop of the frame is needed.
/// The map must not be degenerate (|a*d - b*c| >= 1).
int dlib_shim_landmarks_placed(const dlib_shim_predictor *predictor,
                               const uint8_t *pixels, int width, int height, int stride, int format,
                               dlib_shim_affine unit_to_image, dlib_shim_point *out, int capacity);

#ifdef __cplusplus
}
#endif

#endif
