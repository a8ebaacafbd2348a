#include <png.h>
#include <stdlib.h>
#include <string.h>
#include "context.h"
#include "deflate.h"

/* libpng's write callback: appends to the context's growable buffer. */
static void write_fn(png_structp png, png_bytep data, size_t len) {
    struct veil_png_call *call = png_get_io_ptr(png);
    if (veil_png_ctx_reserve(call->ctx, len) != 0) {
        call->ctx->status = VEIL_PNG_ENOMEM;
        png_error(png, "out of memory growing the PNG buffer");
    }
    memcpy(call->ctx->out + call->ctx->out_len, data, len);
    call->ctx->out_len += len;
}

static void flush_fn(png_structp png) { (void)png; }

/* The smallest PNG palette bit depth that can index `count` colours. */
static int palette_bit_depth(uint32_t count) {
    if (count <= 2) return 1;
    if (count <= 4) return 2;
    if (count <= 16) return 4;
    return 8;
}

/* The largest byte of a row (a loop compilers vectorize). */
static uint8_t row_max(const uint8_t *in, uint32_t width) {
    uint8_t largest = 0;
    for (uint32_t x = 0; x < width; x++) largest = in[x] > largest ? in[x] : largest;
    return largest;
}

/* Packs a row of byte indices into `depth`-bit samples, most significant bits first, the
 * last byte padded with zero bits. Inlined with a constant depth, so the inner loop unrolls.
 * Indices must fit in `depth` bits (the caller checks row_max first). */
static inline __attribute__((always_inline)) void pack_bits(uint8_t *out, const uint8_t *in, uint32_t width,
                                                           const unsigned depth) {
    const uint32_t per_byte = 8u / depth;
    const uint32_t whole = width / per_byte;
    for (uint32_t o = 0; o < whole; o++) {
        const uint8_t *p = in + o * per_byte;
        unsigned byte = 0;
        for (uint32_t k = 0; k < per_byte; k++) byte = (byte << depth) | p[k];
        out[o] = (uint8_t)byte;
    }
    const uint32_t rest = width - whole * per_byte;
    if (rest > 0) {
        unsigned byte = 0;
        for (uint32_t k = 0; k < per_byte; k++) byte = (byte << depth) | (k < rest ? in[whole * per_byte + k] : 0u);
        out[whole] = (uint8_t)byte;
    }
}

static void pack_row(uint8_t *out, const uint8_t *in, uint32_t width, int depth) {
    switch (depth) {
    case 1: pack_bits(out, in, width, 1); break;
    case 2: pack_bits(out, in, width, 2); break;
    default: pack_bits(out, in, width, 4); break;
    }
}

/* One image to write; lives on the caller's stack, reached by pointer, never changed after
 * setjmp. `palette_rgb` is NULL for RGB. */
struct encode_job {
    const uint8_t *pixels;
    uint32_t width;
    uint32_t height;
    const uint8_t *palette_rgb;
    uint32_t palette_count;
    int level;
    int zstrategy;
    uint8_t *packed; /* row buffer for bit depths below 8, allocated before setjmp */
    uint8_t *idat; /* the image data's zlib stream when libdeflate made it, else NULL */
    size_t idat_len;
};

/* The bytes of one image row as the PNG stores it, after its filter byte. */
static size_t row_bytes(const struct encode_job *job) {
    if (job->palette_rgb == NULL) return (size_t)job->width * 3;
    return ((size_t)job->width * (size_t)palette_bit_depth(job->palette_count) + 7) / 8;
}

/* The rows exactly as libpng would compress them (filter byte 0, then the row's packed
 * samples), compressed by libdeflate into job->idat. Returns VEIL_PNG_OK, VEIL_PNG_EINDEX,
 * VEIL_PNG_ENOMEM, or -1 when libdeflate is not there (the caller writes through zlib). */
static int deflate_rows(struct encode_job *job, int level) {
    const size_t stride = 1 + row_bytes(job);
    const size_t in_row = job->palette_rgb != NULL ? (size_t)job->width : (size_t)job->width * 3;
    const int depth = job->palette_rgb != NULL ? palette_bit_depth(job->palette_count) : 8;
    uint8_t *rows = malloc(stride * job->height);
    if (rows == NULL) return VEIL_PNG_ENOMEM;
    for (uint32_t y = 0; y < job->height; y++) {
        const uint8_t *row = job->pixels + (size_t)y * in_row;
        uint8_t *out = rows + (size_t)y * stride;
        out[0] = PNG_FILTER_VALUE_NONE;
        if (job->palette_rgb != NULL && job->palette_count < 256 && row_max(row, job->width) >= job->palette_count) {
            free(rows);
            return VEIL_PNG_EINDEX;
        }
        if (depth < 8) {
            pack_row(out + 1, row, job->width, depth);
        } else {
            memcpy(out + 1, row, in_row);
        }
    }
    uint8_t *stream = NULL;
    size_t stream_len = 0;
    int status = veil_deflate_zlib(level, rows, stride * job->height, &stream, &stream_len);
    free(rows);
    if (status != VEIL_PNG_OK) return status;
    job->idat = stream;
    job->idat_len = stream_len;
    return VEIL_PNG_OK;
}

/* The zlib stream as IDAT chunks (one unless it exceeds a chunk's largest length), then IEND.
 * png_write_end cannot be used: it refuses a file whose IDAT libpng did not compress. */
static void write_deflated(png_structp png, const struct encode_job *job) {
    size_t written = 0;
    do {
        size_t length = job->idat_len - written;
        if (length > PNG_UINT_31_MAX) length = PNG_UINT_31_MAX;
        png_write_chunk(png, (png_const_bytep) "IDAT", job->idat + written, length);
        written += length;
    } while (written < job->idat_len);
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
}

/* The libpng calls for one image. May leave through the error callback's longjmp. */
static void write_image(png_structp png, png_infop info, veil_png_ctx *ctx, const struct encode_job *job) {
    const int depth = job->palette_rgb != NULL ? palette_bit_depth(job->palette_count) : 8;
    const size_t in_row = job->palette_rgb != NULL ? (size_t)job->width : (size_t)job->width * 3;
    png_set_compression_level(png, job->level);
    png_set_compression_strategy(png, job->zstrategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    if (job->palette_rgb != NULL) {
        png_color colours[256];
        for (uint32_t i = 0; i < job->palette_count; i++) {
            colours[i].red = job->palette_rgb[3 * i];
            colours[i].green = job->palette_rgb[3 * i + 1];
            colours[i].blue = job->palette_rgb[3 * i + 2];
        }
        png_set_IHDR(png, info, job->width, job->height, depth, PNG_COLOR_TYPE_PALETTE,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
        png_set_PLTE(png, info, colours, (int)job->palette_count);
        /* Each row's indices are checked below (row_max); libpng's own byte-by-byte scan of
         * every row for the largest index would repeat that at several times the cost. */
        png_set_check_for_invalid_index(png, 0);
    } else {
        png_set_IHDR(png, info, job->width, job->height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    }
    png_write_info(png, info);
    if (job->idat != NULL) {
        write_deflated(png, job);
        return;
    }
    for (uint32_t y = 0; y < job->height; y++) {
        const uint8_t *row = job->pixels + (size_t)y * in_row;
        if (job->palette_rgb != NULL) {
            /* An index outside the palette is an error, never wrapped into a neighbour. */
            if (job->palette_count < 256 && row_max(row, job->width) >= job->palette_count) {
                ctx->status = VEIL_PNG_EINDEX;
                png_error(png, "palette index out of range");
            }
            if (depth < 8) {
                pack_row(job->packed, row, job->width, depth);
                row = job->packed;
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
}

/* The whole libpng write sequence for one image behind one setjmp. No local of this
 * function changes after setjmp; the status the error path returns lives in the context. */
static int encode(veil_png_ctx *ctx, struct encode_job *job) {
    struct veil_png_call call = {.ctx = ctx};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &call,
                                              veil_png_error_fn,
                                              veil_png_warning_fn);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, &info);
        return VEIL_PNG_ENOMEM;
    }
    if (setjmp(call.jump)) {
        png_destroy_write_struct(&png, &info);
        ctx->out_len = 0;
        return ctx->status;
    }
    png_set_write_fn(png, &call, write_fn, flush_fn);
    write_image(png, info, ctx, job);
    png_destroy_write_struct(&png, &info);
    return VEIL_PNG_OK;
}

/* Compresses the rows with libdeflate when the context asks for it and the library is there,
 * or allocates the packing buffer a palette image needs for libpng's zlib; encodes; frees. */
static int encode_with_buffers(veil_png_ctx *ctx, struct encode_job *job) {
    if (ctx->libdeflate_level != VEIL_PNG_LIBDEFLATE_OFF
        && (1 + row_bytes(job)) * job->height <= VEIL_PNG_LIBDEFLATE_MAX_BYTES) {
        int status = deflate_rows(job, ctx->libdeflate_level);
        if (status == VEIL_PNG_OK) {
            status = encode(ctx, job);
            free(job->idat);
            job->idat = NULL;
            return status;
        }
        if (status != -1) return status;
    }
    if (job->palette_rgb != NULL && palette_bit_depth(job->palette_count) < 8) {
        job->packed = malloc(((size_t)job->width * (size_t)palette_bit_depth(job->palette_count) + 7) / 8);
        if (job->packed == NULL) return VEIL_PNG_ENOMEM;
    }
    int status = encode(ctx, job);
    free(job->packed);
    job->packed = NULL;
    return status;
}

int veil_png_encode_indexed(veil_png_ctx *ctx, const uint8_t *pixels, size_t pixels_len,
                            uint32_t width, uint32_t height,
                            const uint8_t *palette_rgb, uint32_t palette_count,
                            int level, int strategy) {
    if (ctx == NULL || pixels == NULL || palette_rgb == NULL) return VEIL_PNG_EINVAL;
    veil_png_ctx_reset(ctx);
    int status = veil_png_check_size(width, height, 1);
    if (status != VEIL_PNG_OK) return status;
    if (pixels_len < (size_t)width * height) return VEIL_PNG_EBUFSIZ;
    if (palette_count == 0 || palette_count > 256) return VEIL_PNG_EPALETTE;
    int zstrategy = veil_png_zlib_strategy(level, strategy);
    if (zstrategy < 0) return VEIL_PNG_ELEVEL;
    struct encode_job job = {pixels, width, height, palette_rgb, palette_count, level, zstrategy, NULL, NULL, 0};
    return encode_with_buffers(ctx, &job);
}

int veil_png_encode_rgb(veil_png_ctx *ctx, const uint8_t *pixels, size_t pixels_len,
                        uint32_t width, uint32_t height, int level, int strategy) {
    if (ctx == NULL || pixels == NULL) return VEIL_PNG_EINVAL;
    veil_png_ctx_reset(ctx);
    int status = veil_png_check_size(width, height, 3);
    if (status != VEIL_PNG_OK) return status;
    if (pixels_len / 3 < (size_t)width * height) return VEIL_PNG_EBUFSIZ;
    int zstrategy = veil_png_zlib_strategy(level, strategy);
    if (zstrategy < 0) return VEIL_PNG_ELEVEL;
    struct encode_job job = {pixels, width, height, NULL, 0, level, zstrategy, NULL, NULL, 0};
    return encode_with_buffers(ctx, &job);
}
