#include <stdlib.h>
#include <string.h>
#include "gif_lzw.h"
#include "libraries.h"
#include "media.h"

enum { ENCODER_NEW = 0, ENCODER_STARTED = 1, ENCODER_FINISHED = 2, ENCODER_FAILED = -1 };

struct veil_gif_encoder {
    int state;
    const struct veil_gif_api *api;
    GifFileType *gif;
    uint32_t width;
    uint32_t height;
    uint32_t frames;
    struct veil_media_buffer out;
    int out_of_memory;       /* the write callback could not grow the output */
    int library_coder;       /* giflib's own LZW (EGifPutLine): the reference the tests compare */
    struct veil_gif_lzw lzw; /* Veil's LZW coder's table */
    uint8_t *scratch;        /* a frame's code sub-blocks (giflib's coder: a copy of its indices,
                                which giflib masks in place) */
    size_t scratch_cap;
    char message[256];
};

/* giflib's output callback: appends to the context's buffer. */
static int write_fn(GifFileType *gif, const GifByteType *bytes, int len) {
    veil_gif_encoder *enc = gif->UserData;
    if (len <= 0) return 0;
    if (veil_media_buffer_append(&enc->out, bytes, (size_t)len) != 0) {
        enc->out_of_memory = 1;
        return 0;
    }
    return len;
}

/* Records giflib's error and poisons the context. */
static int fail(veil_gif_encoder *enc, int status, int gif_error) {
    enc->state = ENCODER_FAILED;
    if (enc->out_of_memory) return VEIL_MEDIA_ENOMEM;
    if (status == VEIL_MEDIA_ELIBRARY) {
        const char *text = enc->api != NULL ? enc->api->GifErrorString(gif_error) : NULL;
        veil_media_set_message(enc->message, sizeof enc->message, text != NULL ? text : "giflib error");
    }
    return status;
}

veil_gif_encoder *veil_gif_encoder_new(void) {
    return calloc(1, sizeof(veil_gif_encoder));
}

void veil_gif_encoder_free(veil_gif_encoder *enc) {
    if (enc == NULL) return;
    if (enc->gif != NULL) {
        int error = 0;
        enc->api->EGifCloseFile(enc->gif, &error);
    }
    veil_media_buffer_free(&enc->out);
    veil_gif_lzw_free(&enc->lzw);
    free(enc->scratch);
    free(enc);
}

int veil_gif_encoder_start(veil_gif_encoder *enc, uint32_t width, uint32_t height, int loop_count) {
    if (enc == NULL) return VEIL_MEDIA_EINVAL;
    if (enc->state != ENCODER_NEW) return VEIL_MEDIA_ESTATE;
    if (loop_count < -1 || loop_count > 65535) return VEIL_MEDIA_EINVAL;
    int status = veil_media_check_size(width, height, VEIL_MEDIA_MAX_PIXELS);
    if (status != VEIL_MEDIA_OK) return status;
    enc->api = veil_gif_api();
    if (enc->api == NULL) return VEIL_MEDIA_ENOLIB;
    const struct veil_gif_api *gl = enc->api;
    int error = 0;
    enc->gif = gl->EGifOpen(enc, write_fn, &error);
    if (enc->gif == NULL) return fail(enc, VEIL_MEDIA_ELIBRARY, error);
    gl->EGifSetGifVersion(enc->gif, true);
    /* No global colour table: every frame brings its own. */
    if (gl->EGifPutScreenDesc(enc->gif, (int)width, (int)height, 8, 0, NULL) == GIF_ERROR) {
        return fail(enc, VEIL_MEDIA_ELIBRARY, enc->gif->Error);
    }
    if (loop_count >= 0) {
        static const char netscape[] = "NETSCAPE2.0";
        const uint8_t count[3] = {1, (uint8_t)(loop_count & 0xFF), (uint8_t)(loop_count >> 8)};
        if (gl->EGifPutExtensionLeader(enc->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR
            || gl->EGifPutExtensionBlock(enc->gif, 11, netscape) == GIF_ERROR
            || gl->EGifPutExtensionBlock(enc->gif, 3, count) == GIF_ERROR
            || gl->EGifPutExtensionTrailer(enc->gif) == GIF_ERROR) {
            return fail(enc, VEIL_MEDIA_ELIBRARY, enc->gif->Error);
        }
    }
    enc->width = width;
    enc->height = height;
    enc->state = ENCODER_STARTED;
    return VEIL_MEDIA_OK;
}

int veil_gif_encoder_use_library_coder(veil_gif_encoder *enc, int on) {
    if (enc == NULL) return VEIL_MEDIA_EINVAL;
    if (enc->state == ENCODER_FAILED || enc->state == ENCODER_FINISHED) return VEIL_MEDIA_ESTATE;
    enc->library_coder = on != 0;
    return VEIL_MEDIA_OK;
}

/* Grows the scratch buffer to `size` bytes. */
static int reserve_scratch(veil_gif_encoder *enc, size_t size) {
    if (size <= enc->scratch_cap) return VEIL_MEDIA_OK;
    uint8_t *grown = realloc(enc->scratch, size);
    if (grown == NULL) return VEIL_MEDIA_ENOMEM;
    enc->scratch = grown;
    enc->scratch_cap = size;
    return VEIL_MEDIA_OK;
}

int veil_gif_encoder_continue(veil_gif_encoder *enc) {
    if (enc == NULL) return VEIL_MEDIA_EINVAL;
    if (enc->state != ENCODER_STARTED || enc->frames != 0) return VEIL_MEDIA_ESTATE;
    enc->frames = 1;
    return VEIL_MEDIA_OK;
}

int veil_gif_encoder_add_frame(veil_gif_encoder *enc, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                               const uint8_t *indices, const uint8_t *palette_rgb, uint32_t palette_count,
                               int transparent, uint32_t delay_cs) {
    if (enc == NULL || indices == NULL || palette_rgb == NULL) return VEIL_MEDIA_EINVAL;
    if (enc->state != ENCODER_STARTED) return VEIL_MEDIA_ESTATE;
    if (w == 0 || h == 0 || x > enc->width || w > enc->width - x || y > enc->height || h > enc->height - y) {
        return VEIL_MEDIA_ERECT;
    }
    if (enc->frames == 0 && (x != 0 || y != 0 || w != enc->width || h != enc->height)) return VEIL_MEDIA_ERECT;
    if (palette_count == 0 || palette_count > 256) return VEIL_MEDIA_EPALETTE;
    if (transparent < -1 || transparent >= (int)palette_count) return VEIL_MEDIA_EPALETTE;
    if (delay_cs > 65535) return VEIL_MEDIA_EINVAL;
    const size_t count = (size_t)w * h;
    /* A colour table holds a power of two colours, at least 2; the codes start one bit
     * wider than the indices, at least 3 bits (giflib's EGifSetupCompress). */
    int bits = 1;
    while ((1u << bits) < palette_count) bits++;
    const int min_code_size = bits < 2 ? 2 : bits;
    /* The frame is compressed first, so a bad index fails it before any of its bytes. */
    ptrdiff_t coded = 0;
    if (enc->library_coder) {
        uint8_t largest = 0;
        for (size_t i = 0; i < count; i++) largest = indices[i] > largest ? indices[i] : largest;
        if (largest >= palette_count) return VEIL_MEDIA_EPALETTE;
        if (reserve_scratch(enc, count) != VEIL_MEDIA_OK) return fail(enc, VEIL_MEDIA_ENOMEM, 0);
        memcpy(enc->scratch, indices, count);
    } else {
        if (reserve_scratch(enc, veil_gif_lzw_bound(count)) != VEIL_MEDIA_OK) return fail(enc, VEIL_MEDIA_ENOMEM, 0);
        coded = veil_gif_lzw_encode(&enc->lzw, min_code_size, indices, count, palette_count, enc->scratch);
        if (coded == -1) return VEIL_MEDIA_EPALETTE;
        if (coded < 0) return fail(enc, VEIL_MEDIA_ENOMEM, 0);
    }

    const struct veil_gif_api *gl = enc->api;
    GifColorType colours[256];
    memset(colours, 0, sizeof colours);
    for (uint32_t i = 0; i < palette_count; i++) {
        colours[i].Red = palette_rgb[3 * i];
        colours[i].Green = palette_rgb[3 * i + 1];
        colours[i].Blue = palette_rgb[3 * i + 2];
    }

    GraphicsControlBlock control = {
        .DisposalMode = DISPOSE_DO_NOT, .UserInputFlag = false, .DelayTime = (int)delay_cs,
        .TransparentColor = transparent};
    GifByteType extension[4];
    gl->EGifGCBToExtension(&control, extension);
    if (gl->EGifPutExtension(enc->gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_ERROR) {
        return fail(enc, VEIL_MEDIA_ELIBRARY, enc->gif->Error);
    }
    ColorMapObject *map = gl->GifMakeMapObject(1 << bits, colours);
    if (map == NULL) return fail(enc, VEIL_MEDIA_ENOMEM, 0);
    int put = gl->EGifPutImageDesc(enc->gif, (int)x, (int)y, (int)w, (int)h, false, map);
    gl->GifFreeMapObject(map);
    if (put == GIF_ERROR) return fail(enc, VEIL_MEDIA_ELIBRARY, enc->gif->Error);
    if (enc->library_coder) {
        if (gl->EGifPutLine(enc->gif, enc->scratch, (int)count) == GIF_ERROR) {
            return fail(enc, VEIL_MEDIA_ELIBRARY, enc->gif->Error);
        }
    } else {
        /* EGifPutImageDesc wrote the minimum code size; the sub-blocks, then the terminator
         * (EGifPutCodeNext with NULL). The clear code giflib's set-up began with stays in its
         * unused coder: the stream starts with its own. */
        for (ptrdiff_t at = 0; at < coded; at += enc->scratch[at] + 1) {
            int written = at == 0 ? gl->EGifPutCode(enc->gif, min_code_size, enc->scratch)
                                  : gl->EGifPutCodeNext(enc->gif, enc->scratch + at);
            if (written == GIF_ERROR) return fail(enc, VEIL_MEDIA_ELIBRARY, enc->gif->Error);
        }
        if (gl->EGifPutCodeNext(enc->gif, NULL) == GIF_ERROR) return fail(enc, VEIL_MEDIA_ELIBRARY, enc->gif->Error);
    }
    if (enc->out_of_memory) return fail(enc, VEIL_MEDIA_ENOMEM, 0);
    enc->frames++;
    return VEIL_MEDIA_OK;
}

int veil_gif_encoder_finish(veil_gif_encoder *enc) {
    if (enc == NULL) return VEIL_MEDIA_EINVAL;
    if (enc->state != ENCODER_STARTED || enc->frames == 0) return VEIL_MEDIA_ESTATE;
    int error = 0;
    int closed = enc->api->EGifCloseFile(enc->gif, &error);
    enc->gif = NULL;
    if (closed == GIF_ERROR) return fail(enc, VEIL_MEDIA_ELIBRARY, error);
    if (enc->out_of_memory) return fail(enc, VEIL_MEDIA_ENOMEM, 0);
    enc->state = ENCODER_FINISHED;
    return VEIL_MEDIA_OK;
}

const uint8_t *veil_gif_encoder_output(const veil_gif_encoder *enc, size_t *len) {
    if (len != NULL) *len = enc != NULL ? enc->out.len : 0;
    return enc != NULL ? enc->out.bytes : NULL;
}

void veil_gif_encoder_clear_output(veil_gif_encoder *enc) {
    if (enc != NULL) enc->out.len = 0;
}

const char *veil_gif_encoder_message(const veil_gif_encoder *enc) {
    return enc != NULL ? enc->message : "";
}
