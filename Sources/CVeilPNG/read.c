#include <png.h>
#include <stdlib.h>
#include <string.h>
#include "context.h"

/* libpng's read callback: serves bytes from memory; running out is a truncation. */
static void read_fn(png_structp png, png_bytep data, size_t len) {
    struct veil_png_call *call = png_get_io_ptr(png);
    if (len > call->input_len - call->input_pos) {
        call->ctx->status = VEIL_PNG_ETRUNCATED;
        png_error(png, "PNG data ends early");
    }
    memcpy(data, call->input + call->input_pos, len);
    call->input_pos += len;
}

/* The libpng calls for one image: header, expansions to 8-bit RGB, rows straight into the
 * context's output buffer (which the context owns on every path). May leave through the
 * error callback's longjmp. */
static void read_image(png_structp png, png_infop info, veil_png_ctx *ctx) {
    png_set_user_limits(png, VEIL_PNG_MAX_DIMENSION, VEIL_PNG_MAX_DIMENSION);
    /* Ancillary chunks: at most VEIL_PNG_MAX_CHUNKS kept, none over VEIL_PNG_MAX_CHUNK_BYTES. */
    png_set_chunk_cache_max(png, VEIL_PNG_MAX_CHUNKS);
    png_set_chunk_malloc_max(png, VEIL_PNG_MAX_CHUNK_BYTES);
    png_read_info(png, info);
    const uint32_t width = png_get_image_width(png, info);
    const uint32_t height = png_get_image_height(png, info);
    int status = veil_png_check_size(width, height, 3);
    if (status != VEIL_PNG_OK) {
        ctx->status = status;
        png_error(png, "image too large to decode");
    }
    /* A decompression bomb: deflate expands at most about 1032:1, so a file whose size
     * cannot hold the declared image's filtered rows is refused before the output buffer
     * (up to 768 MiB) is allocated. */
    const struct veil_png_call *call = png_get_io_ptr(png);
    const size_t raw_rows = (png_get_rowbytes(png, info) + 1) * (size_t)height;
    if (raw_rows / VEIL_PNG_MAX_DEFLATE_RATIO > call->input_len) {
        png_error(png, "the file is too small for the image size it declares");
    }
    png_set_expand(png);        /* palette -> RGB, grey < 8 bits -> 8, tRNS -> alpha */
    png_set_strip_16(png);
    png_set_strip_alpha(png);
    png_set_gray_to_rgb(png);
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    const size_t row_bytes = (size_t)width * 3;
    if (png_get_rowbytes(png, info) != row_bytes) png_error(png, "unexpected row size after expansion");
    if (veil_png_ctx_reserve(ctx, row_bytes * height) != 0) {
        ctx->status = VEIL_PNG_ENOMEM;
        png_error(png, "out of memory for the decoded image");
    }
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) png_read_row(png, ctx->out + (size_t)y * row_bytes, NULL);
    }
    png_read_end(png, NULL);
    ctx->out_len = row_bytes * height;
    ctx->width = width;
    ctx->height = height;
}

/* The whole libpng read sequence behind one setjmp. No local of this function changes
 * after setjmp; the status the error path returns lives in the context. */
static int decode(veil_png_ctx *ctx, const uint8_t *png_bytes, size_t png_len) {
    struct veil_png_call call = {.ctx = ctx, .input = png_bytes, .input_len = png_len};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &call,
                                             veil_png_error_fn,
                                             veil_png_warning_fn);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_read_struct(&png, &info, NULL);
        return VEIL_PNG_ENOMEM;
    }
    if (setjmp(call.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        ctx->out_len = 0;
        ctx->width = 0;
        ctx->height = 0;
        return ctx->status;
    }
    png_set_read_fn(png, &call, read_fn);
    read_image(png, info, ctx);
    png_destroy_read_struct(&png, &info, NULL);
    return VEIL_PNG_OK;
}

int veil_png_decode_rgb(veil_png_ctx *ctx, const uint8_t *png_bytes, size_t png_len) {
    if (ctx == NULL || png_bytes == NULL) return VEIL_PNG_EINVAL;
    veil_png_ctx_reset(ctx);
    if (png_len < 8) return VEIL_PNG_ETRUNCATED;
    if (png_sig_cmp(png_bytes, 0, 8) != 0) return VEIL_PNG_ESIGNATURE;
    return decode(ctx, png_bytes, png_len);
}
