// dlib 19.24 behind a C interface (see include/dlib_shim.h). dlib's detector and predictor are
// header templates, so their code is compiled into this file: Package.swift builds it with -O2
// even in debug builds.
#include "dlib_shim.h"

#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_transforms.h>
#include <dlib/serialize.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <fstream>
#include <new>
#include <string>
#include <utility>
#include <vector>

namespace {

thread_local std::string last_error;

int fail(int code, const std::string &message) {
    last_error = message;
    return code;
}

/// A read-only view of a caller's gray buffer that implements dlib's generic image interface,
/// so dlib reads the pixels in place.
struct gray_view {
    const unsigned char *data = nullptr;
    long rows = 0;
    long columns = 0;
    long stride = 0;
};

long num_rows(const gray_view &img) { return img.rows; }
long num_columns(const gray_view &img) { return img.columns; }
long width_step(const gray_view &img) { return img.stride; }
const void *image_data(const gray_view &img) { return img.data; }
// dlib requires these two for the generic interface; they are never called on an input image.
void *image_data(gray_view &img) { return const_cast<unsigned char *>(img.data); }
void swap(gray_view &a, gray_view &b) { std::swap(a, b); }
void set_image_size(gray_view &, long, long) {
    throw std::logic_error("gray_view is read-only");
}

bool valid_image(const uint8_t *gray, int width, int height, int stride) {
    return gray != nullptr && width > 0 && height > 0 && stride >= width;
}

gray_view make_view(const uint8_t *gray, int width, int height, int stride) {
    gray_view view;
    view.data = gray;
    view.rows = height;
    view.columns = width;
    view.stride = stride;
    return view;
}

dlib_shim_rect from_dlib(const dlib::rectangle &r) {
    // dlib's right/bottom are inclusive; ours are exclusive.
    return dlib_shim_rect{double(r.left()), double(r.top()), double(r.right() + 1), double(r.bottom() + 1)};
}

}  // namespace

namespace dlib {
template <> struct image_traits<gray_view> {
    typedef unsigned char pixel_type;
};
}  // namespace dlib

struct dlib_shim_detector {
    dlib::frontal_face_detector detector;
};

/// The parts of a dlib::shape_predictor, read in dlib's own serialisation format (version 1:
/// initial shape, forests, anchor indices, deltas). Keeping them here rather than in a
/// dlib::shape_predictor lets the shim return landmarks with sub-pixel precision and take a face
/// rectangle with fractional edges: dlib's own operator() rounds both to whole pixels.
///
/// After loading, the regression trees are laid out flat (`levels`): one array of splits and one
/// of leaf values per cascade level instead of a heap block per leaf. A fit reads about 3 MB of
/// leaves spread over the 100 MB model, so it is bound by memory latency: the flat layout and a
/// prefetch of every chosen leaf before adding any of them make it several times faster. Leaf
/// values are stored as 16-bit integers with one scale per level, which halves the memory read;
/// the rounding moves a landmark by about a thousandth of a pixel on a 200-pixel face.
struct dlib_shim_predictor {
    /// One split node: go left when features[idx1] - features[idx2] > thresh.
    struct flat_split {
        uint32_t idx1;
        uint32_t idx2;
        float thresh;
    };
    /// One cascade level's trees.
    struct flat_level {
        std::vector<flat_split> splits;      // every tree's split nodes, tree after tree
        std::vector<uint32_t> first_split;   // per tree, then the total: where its splits start
        std::vector<uint32_t> first_leaf;    // per tree, then the total: its first leaf's index
        std::vector<int16_t> leaves;         // every leaf's shape update, `values` each, in units of `scale`
        float scale = 0;                     // leaf value = scale * stored integer
    };

    dlib::matrix<float, 0, 1> initial_shape;
    std::vector<std::vector<dlib::impl::regression_tree>> forests;  // as read; emptied by flatten()
    std::vector<std::vector<unsigned long>> anchor_idx;
    std::vector<std::vector<dlib::vector<float, 2>>> deltas;
    std::vector<flat_level> levels;

    unsigned long part_count() const { return (unsigned long)(initial_shape.size() / 2); }

    /// Moves the forests into `levels` (call after the consistency check).
    void flatten() {
        const long values = initial_shape.size();
        levels.clear();
        levels.reserve(forests.size());
        for (const auto &forest : forests) {
            flat_level level;
            float largest = 0;
            for (const auto &tree : forest)
                for (const auto &leaf : tree.leaf_values)
                    for (long k = 0; k < values; ++k) largest = std::max(largest, std::fabs(leaf(k)));
            level.scale = largest > 0 ? largest / 32767.0f : 1.0f;
            for (const auto &tree : forest) {
                level.first_split.push_back(uint32_t(level.splits.size()));
                level.first_leaf.push_back(uint32_t(level.leaves.size() / size_t(values)));
                for (const auto &split : tree.splits)
                    level.splits.push_back(flat_split{uint32_t(split.idx1), uint32_t(split.idx2), split.thresh});
                for (const auto &leaf : tree.leaf_values)
                    for (long k = 0; k < values; ++k)
                        level.leaves.push_back(int16_t(std::lround(leaf(k) / level.scale)));
            }
            level.first_split.push_back(uint32_t(level.splits.size()));
            level.first_leaf.push_back(uint32_t(level.leaves.size() / size_t(values)));
            levels.push_back(std::move(level));
        }
        forests.clear();
        forests.shrink_to_fit();
    }
};

namespace {

/// Rejects a model whose indices would read outside its own tables (a corrupt or foreign file).
bool predictor_is_consistent(const dlib_shim_predictor &p, std::string &why) {
    const long values = p.initial_shape.size();
    if (values == 0 || values % 2 != 0) { why = "the initial shape is empty or odd-sized"; return false; }
    const unsigned long parts = (unsigned long)(values / 2);
    if (p.forests.empty()) { why = "the model has no cascade levels"; return false; }
    if (p.forests.size() != p.anchor_idx.size() || p.forests.size() != p.deltas.size()) {
        why = "the cascade tables have different lengths"; return false;
    }
    for (size_t level = 0; level < p.forests.size(); ++level) {
        const size_t features = p.deltas[level].size();
        if (p.anchor_idx[level].size() != features) { why = "anchor and delta counts differ"; return false; }
        for (unsigned long a : p.anchor_idx[level]) {
            if (a >= parts) { why = "an anchor index is out of range"; return false; }
        }
        // The fit sums a level's 16-bit leaves in 32-bit integers (see flatten()).
        if (p.forests[level].size() >= 65536) { why = "a cascade level has too many trees"; return false; }
        for (const auto &tree : p.forests[level]) {
            if (tree.leaf_values.size() != tree.splits.size() + 1) {
                why = "a tree has the wrong leaf count";
                return false;
            }
            for (const auto &split : tree.splits) {
                if (split.idx1 >= features || split.idx2 >= features) {
                    why = "a split index is out of range";
                    return false;
                }
            }
            for (const auto &leaf : tree.leaf_values) {
                if (leaf.size() != values) { why = "a leaf has the wrong size"; return false; }
            }
        }
    }
    return true;
}

/// Maps the model's unit square onto the face rectangle the way dlib does for an integer
/// rectangle: (0,0) to (left, top) and (1,1) to (right - 1, bottom - 1) in exclusive edges.
dlib_shim_affine unit_to_image(const dlib_shim_rect &r) {
    return dlib_shim_affine{r.right - 1 - r.left, 0, 0, r.bottom - 1 - r.top, r.left, r.top};
}

/// Reads one pixel's intensity: gray as is, RGBA as BT.601 luma with the integer weights
/// CaptureCore's RGBAImage.grayscale() uses, so both inputs give the same landmarks.
struct pixel_reader {
    const uint8_t *pixels;
    long width, height, stride;
    int format;

    float operator()(long x, long y) const {
        if (x < 0 || y < 0 || x >= width || y >= height) return 0.0f;
        const uint8_t *p = pixels + y * stride + x * (format == DLIB_SHIM_RGBA8 ? 4 : 1);
        if (format == DLIB_SHIM_GRAY8) return float(p[0]);
        return float((int(p[0]) * 77 + int(p[1]) * 150 + int(p[2]) * 29 + 128) >> 8);
    }
};

/// The least-squares similarity (scale and rotation, no translation) taking the centred `from`
/// shape onto the centred `to` shape, as the 2x2 matrix [[a, -b], [b, a]]: dlib's
/// find_tform_between_shapes() without the SVD (in 2D the closed form is the same least-squares
/// answer; dlib's SVD goes through LAPACK, which costs more than the whole cascade level).
void similarity_between(const float *from, const float *to, long parts, float &a, float &b) {
    double fx = 0, fy = 0, tx = 0, ty = 0;
    for (long i = 0; i < parts; ++i) {
        fx += from[2 * i]; fy += from[2 * i + 1];
        tx += to[2 * i]; ty += to[2 * i + 1];
    }
    fx /= parts; fy /= parts; tx /= parts; ty /= parts;
    double num1 = 0, num2 = 0, den = 0;
    for (long i = 0; i < parts; ++i) {
        const double px = from[2 * i] - fx, py = from[2 * i + 1] - fy;
        const double qx = to[2 * i] - tx, qy = to[2 * i + 1] - ty;
        num1 += px * qx + py * qy;
        num2 += px * qy - py * qx;
        den += px * px + py * py;
    }
    if (den <= 1e-12) { a = 1; b = 0; return; }
    a = float(num1 / den);
    b = float(num2 / den);
}

/// The cascade of dlib's shape_predictor::operator(), with the unit square placed by any affine
/// map (a fractional or rotated rectangle) and without rounding the result. Pixels are read at
/// the nearest pixel, as in training. Plain loops over float arrays: dlib's matrix expressions
/// would call the (unoptimised reference) BLAS for every leaf added.
void fit_shape(const dlib_shim_predictor &p, const pixel_reader &read, const dlib_shim_affine &t,
               dlib_shim_point *out) {
    const long values = p.initial_shape.size(), parts = values / 2;
    const float *initial = &p.initial_shape(0);
    std::vector<float> current(initial, initial + values);
    std::vector<float> features;
    std::vector<const int16_t *> chosen;
    std::vector<int32_t> sum(size_t(values), 0);
    for (size_t level = 0; level < p.levels.size(); ++level) {
        float a = 1, b = 0;
        similarity_between(initial, current.data(), parts, a, b);
        const auto &anchors = p.anchor_idx[level];
        const auto &deltas = p.deltas[level];
        features.resize(deltas.size());
        for (size_t i = 0; i < deltas.size(); ++i) {
            const float dx = deltas[i].x(), dy = deltas[i].y();
            const float ux = a * dx - b * dy + current[2 * anchors[i]];
            const float uy = b * dx + a * dy + current[2 * anchors[i] + 1];
            const double x = t.a * ux + t.b * uy + t.tx, y = t.c * ux + t.d * uy + t.ty;
            features[i] = read(long(std::floor(x + 0.5)), long(std::floor(y + 0.5)));
        }
        // Walk every tree first, prefetching the leaf each one picks, then add the leaves: the
        // memory reads of all trees overlap instead of waiting one after the other.
        const auto &flat = p.levels[level];
        const size_t trees = flat.first_split.size() - 1;
        chosen.resize(trees);
        const float *f = features.data();
        for (size_t tree = 0; tree < trees; ++tree) {
            const auto *splits = flat.splits.data() + flat.first_split[tree];
            const uint32_t nodes = flat.first_split[tree + 1] - flat.first_split[tree];
            uint32_t i = 0;
            while (i < nodes) {
                const auto &split = splits[i];
                i = f[split.idx1] - f[split.idx2] > split.thresh ? 2 * i + 1 : 2 * i + 2;
            }
            const int16_t *leaf = flat.leaves.data() + size_t(flat.first_leaf[tree] + (i - nodes)) * size_t(values);
            for (long k = 0; k < values; k += 32) __builtin_prefetch(leaf + k);
            chosen[tree] = leaf;
        }
        // Fewer than 65536 trees (checked on loading) of |value| <= 32767: the sums cannot overflow.
        std::fill(sum.begin(), sum.end(), 0);
        int32_t *total = sum.data();
        for (size_t tree = 0; tree < trees; ++tree) {
            const int16_t *delta = chosen[tree];
            for (long k = 0; k < values; ++k) total[k] += delta[k];
        }
        for (long k = 0; k < values; ++k) current[size_t(k)] += flat.scale * float(total[k]);
    }
    for (long i = 0; i < parts; ++i) {
        const double ux = current[2 * i], uy = current[2 * i + 1];
        out[i] = dlib_shim_point{t.a * ux + t.b * uy + t.tx, t.c * ux + t.d * uy + t.ty};
    }
}

bool finite_affine(const dlib_shim_affine &t) {
    const double limit = 1e7;
    for (double v : {t.a, t.b, t.c, t.d, t.tx, t.ty}) {
        if (!std::isfinite(v) || std::fabs(v) > limit) return false;
    }
    return std::fabs(t.a * t.d - t.b * t.c) >= 1.0;  // the face spans at least about one pixel
}

int landmarks_common(const dlib_shim_predictor *predictor, const uint8_t *pixels, int width, int height,
                     int stride, int format, const dlib_shim_affine &t, dlib_shim_point *out, int capacity) {
    if (predictor == nullptr || out == nullptr)
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "null predictor or output");
    if (format != DLIB_SHIM_GRAY8 && format != DLIB_SHIM_RGBA8)
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "unknown pixel format");
    const int bytes = format == DLIB_SHIM_RGBA8 ? 4 : 1;
    if (pixels == nullptr || width <= 0 || height <= 0 || stride < width * bytes)
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "invalid image (null, empty, or stride too small)");
    if (!finite_affine(t))
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "face placement is degenerate, not finite, or far outside");
    const int parts = int(predictor->part_count());
    if (capacity < parts) return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "output capacity is below the part count");
    try {
        fit_shape(*predictor, pixel_reader{pixels, width, height, stride, format}, t, out);
        return DLIB_SHIM_OK;
    } catch (const std::bad_alloc &) {
        return fail(DLIB_SHIM_ERROR_OUT_OF_MEMORY, "out of memory fitting landmarks");
    } catch (const std::exception &e) {
        return fail(DLIB_SHIM_ERROR_INTERNAL, std::string("fitting landmarks: ") + e.what());
    } catch (...) {
        return fail(DLIB_SHIM_ERROR_INTERNAL, "fitting landmarks: unknown exception");
    }
}

}  // namespace

extern "C" {

const char *dlib_shim_last_error(void) { return last_error.c_str(); }

int dlib_shim_detector_create(dlib_shim_detector **out_detector) {
    if (out_detector == nullptr) return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "out_detector is null");
    *out_detector = nullptr;
    try {
        auto *d = new dlib_shim_detector();
        d->detector = dlib::get_frontal_face_detector();
        *out_detector = d;
        return DLIB_SHIM_OK;
    } catch (const std::bad_alloc &) {
        return fail(DLIB_SHIM_ERROR_OUT_OF_MEMORY, "out of memory creating the face detector");
    } catch (const std::exception &e) {
        return fail(DLIB_SHIM_ERROR_INTERNAL, std::string("creating the face detector: ") + e.what());
    } catch (...) {
        return fail(DLIB_SHIM_ERROR_INTERNAL, "creating the face detector: unknown exception");
    }
}

void dlib_shim_detector_destroy(dlib_shim_detector *detector) { delete detector; }

int dlib_shim_detect(dlib_shim_detector *detector,
                     const uint8_t *gray, int width, int height, int stride,
                     int upsample, double min_score,
                     dlib_shim_detection *out, int capacity, int *out_count) {
    if (detector == nullptr || out_count == nullptr || capacity < 0 || (capacity > 0 && out == nullptr))
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "null detector, output or negative capacity");
    if (!valid_image(gray, width, height, stride))
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "invalid image (null, empty, or stride < width)");
    if (upsample < 0 || upsample > 3)
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "upsample must be 0...3");
    if (!std::isfinite(min_score))
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "min_score must be finite");
    *out_count = 0;
    try {
        std::vector<std::pair<double, dlib::rectangle>> found;
        const gray_view view = make_view(gray, width, height, stride);
        if (upsample == 0) {
            detector->detector(view, found, min_score);
        } else {
            dlib::array2d<unsigned char> larger;
            dlib::pyramid_up(view, larger, dlib::pyramid_down<2>());
            for (int i = 1; i < upsample; ++i) dlib::pyramid_up(larger);
            detector->detector(larger, found, min_score);
            dlib::pyramid_down<2> pyramid;
            for (auto &d : found) {
                for (int i = 0; i < upsample; ++i) d.second = pyramid.rect_down(d.second);
            }
        }
        std::sort(found.begin(), found.end(),
                  [](const auto &a, const auto &b) { return a.first > b.first; });
        const int n = int(found.size());
        for (int i = 0; i < n && i < capacity; ++i) {
            out[i].rect = from_dlib(found[i].second);
            out[i].score = found[i].first;
        }
        *out_count = n;
        return DLIB_SHIM_OK;
    } catch (const std::bad_alloc &) {
        return fail(DLIB_SHIM_ERROR_OUT_OF_MEMORY, "out of memory during face detection");
    } catch (const std::exception &e) {
        return fail(DLIB_SHIM_ERROR_INTERNAL, std::string("face detection: ") + e.what());
    } catch (...) {
        return fail(DLIB_SHIM_ERROR_INTERNAL, "face detection: unknown exception");
    }
}

int dlib_shim_predictor_create(const char *model_path, dlib_shim_predictor **out_predictor) {
    if (model_path == nullptr || out_predictor == nullptr)
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "null model path or output");
    *out_predictor = nullptr;
    dlib_shim_predictor *p = nullptr;
    try {
        std::ifstream file(model_path, std::ios::binary);
        if (!file.good()) return fail(DLIB_SHIM_ERROR_MODEL_NOT_FOUND, "the model file cannot be opened");
        p = new dlib_shim_predictor();
        int version = 0;
        dlib::deserialize(version, file);
        if (version != 1) {
            delete p;
            return fail(DLIB_SHIM_ERROR_MODEL_UNREADABLE, "not a version-1 dlib shape predictor");
        }
        dlib::deserialize(p->initial_shape, file);
        dlib::deserialize(p->forests, file);
        dlib::deserialize(p->anchor_idx, file);
        dlib::deserialize(p->deltas, file);
        std::string why;
        if (!predictor_is_consistent(*p, why)) {
            delete p;
            return fail(DLIB_SHIM_ERROR_MODEL_UNREADABLE, "inconsistent shape predictor: " + why);
        }
        p->flatten();
        *out_predictor = p;
        return DLIB_SHIM_OK;
    } catch (const std::bad_alloc &) {
        delete p;
        return fail(DLIB_SHIM_ERROR_OUT_OF_MEMORY, "out of memory loading the shape predictor");
    } catch (const dlib::serialization_error &e) {
        delete p;
        return fail(DLIB_SHIM_ERROR_MODEL_UNREADABLE, std::string("not a dlib shape predictor: ") + e.what());
    } catch (const std::exception &e) {
        delete p;
        return fail(DLIB_SHIM_ERROR_MODEL_UNREADABLE, std::string("loading the shape predictor: ") + e.what());
    } catch (...) {
        delete p;
        return fail(DLIB_SHIM_ERROR_INTERNAL, "loading the shape predictor: unknown exception");
    }
}

void dlib_shim_predictor_destroy(dlib_shim_predictor *predictor) { delete predictor; }

int dlib_shim_predictor_part_count(const dlib_shim_predictor *predictor) {
    return predictor == nullptr ? 0 : int(predictor->part_count());
}

int dlib_shim_predictor_mean_shape(const dlib_shim_predictor *predictor, dlib_shim_point *out, int capacity) {
    if (predictor == nullptr || out == nullptr)
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "null predictor or output");
    const int parts = int(predictor->part_count());
    if (capacity < parts) return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "output capacity is below the part count");
    for (int i = 0; i < parts; ++i) {
        const dlib::vector<float, 2> unit = dlib::impl::location(predictor->initial_shape, (unsigned long)i);
        out[i] = dlib_shim_point{unit.x(), unit.y()};
    }
    return DLIB_SHIM_OK;
}

int dlib_shim_landmarks(const dlib_shim_predictor *predictor,
                        const uint8_t *gray, int width, int height, int stride,
                        dlib_shim_rect face, dlib_shim_point *out, int capacity) {
    if (!(std::isfinite(face.left) && std::isfinite(face.top) && std::isfinite(face.right) &&
          std::isfinite(face.bottom)) || face.right - face.left < 2 || face.bottom - face.top < 2)
        return fail(DLIB_SHIM_ERROR_INVALID_ARGUMENT, "face rectangle is empty or not finite");
    return landmarks_common(predictor, gray, width, height, stride, DLIB_SHIM_GRAY8, unit_to_image(face), out,
                            capacity);
}

int dlib_shim_landmarks_placed(const dlib_shim_predictor *predictor,
                               const uint8_t *pixels, int width, int height, int stride, int format,
                               dlib_shim_affine unit_to_image, dlib_shim_point *out, int capacity) {
    return landmarks_common(predictor, pixels, width, height, stride, format, unit_to_image, out, capacity);
}

}  // extern "C"
