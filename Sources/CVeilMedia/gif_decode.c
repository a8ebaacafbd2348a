#include <stdlib.h>
#include <string.h>
#include "libraries.h"
#include "media.h"

enum { DECODER_NEW = 0, DECODER_OPEN = 1, DECODER_ENDED = 2, DECODER_FAILED = -1 };

/* Decoding work is bounded: the pixels of all frames together (a GIF's LZW codes can expand
 * a few thousand times, so a small file could otherwise ask for hours of work). */
#define GIF_MAX_TOTAL_PIXELS (1ull << 31)

struct veil_gif_decoder {
    int state;
    const struct veil_gif_api *api;
    GifFileType *gif;
    uint8_t *data;
    size_t len;
    size_t pos;
    uint32_t max_pixels;
    uint32_t max_frames;
    uint32_t frames;
    uint64_t total_pixels;
    uint32_t width;
    uint32_t height;
    int loop_count;
    uint8_t *canvas;    /* RGBA */
    uint8_t *previous;  /* the canvas before a frame that is disposed "to previous" */
    uint8_t *line;      /* one row of indices */
    size_t line_cap;
    /* The previous frame's disposal, applied before the next frame is drawn. */
    int disposal;
    uint32_t dx, dy, dw, dh;
    uint32_t time_ms;
    GraphicsControlBlock control;
    char message[256];
};

static int read_fn(GifFileType *gif, GifByteType *out, int len) {
    veil_gif_decoder *dec = gif->UserData;
    if (len <= 0) return 0;
    size_t left = dec->len - dec->pos;
    size_t take = (size_t)len < left ? (size_t)len : left;
    memcpy(out, dec->data + dec->pos, take);
    dec->pos += take;
    return (int)take;
}

static int fail(veil_gif_decoder *dec, int status, int gif_error) {
    dec->state = DECODER_FAILED;
    if (gif_error != 0 && dec->api != NULL) {
        const char *text = dec->api->GifErrorString(gif_error);
        veil_media_set_message(dec->message, sizeof dec->message, text != NULL ? text : "giflib error");
    }
    return status;
}

static void reset_control(GraphicsControlBlock *control) {
    control->DisposalMode = DISPOSAL_UNSPECIFIED;
    control->UserInputFlag = false;
    control->DelayTime = 0;
    control->TransparentColor = NO_TRANSPARENT_COLOR;
}

veil_gif_decoder *veil_gif_decoder_new(void) {
    veil_gif_decoder *dec = calloc(1, sizeof(veil_gif_decoder));
    if (dec == NULL) return NULL;
    dec->max_pixels = VEIL_MEDIA_MAX_PIXELS;
    dec->max_frames = VEIL_MEDIA_MAX_FRAMES;
    dec->loop_count = -1;
    reset_control(&dec->control);
    return dec;
}

void veil_gif_decoder_free(veil_gif_decoder *dec) {
    if (dec == NULL) return;
    if (dec->gif != NULL) {
        int error = 0;
        dec->api->DGifCloseFile(dec->gif, &error);
    }
    free(dec->data);
    free(dec->canvas);
    free(dec->previous);
    free(dec->line);
    free(dec);
}

int veil_gif_decoder_set_limits(veil_gif_decoder *dec, uint32_t max_pixels, uint32_t max_frames) {
    if (dec == NULL) return VEIL_MEDIA_EINVAL;
    if (dec->state != DECODER_NEW) return VEIL_MEDIA_ESTATE;
    if (max_pixels != 0 && max_pixels < dec->max_pixels) dec->max_pixels = max_pixels;
    if (max_frames != 0 && max_frames < dec->max_frames) dec->max_frames = max_frames;
    return VEIL_MEDIA_OK;
}

int veil_gif_decoder_open(veil_gif_decoder *dec, const uint8_t *data, size_t len) {
    if (dec == NULL || data == NULL) return VEIL_MEDIA_EINVAL;
    if (dec->state != DECODER_NEW) return VEIL_MEDIA_ESTATE;
    if (len < 6 || (memcmp(data, "GIF87a", 6) != 0 && memcmp(data, "GIF89a", 6) != 0)) {
        return fail(dec, VEIL_MEDIA_EFORMAT, 0);
    }
    dec->api = veil_gif_api();
    if (dec->api == NULL) return VEIL_MEDIA_ENOLIB;
    dec->data = malloc(len);
    if (dec->data == NULL) return fail(dec, VEIL_MEDIA_ENOMEM, 0);
    memcpy(dec->data, data, len);
    dec->len = len;
    int error = 0;
    dec->gif = dec->api->DGifOpen(dec, read_fn, &error);
    if (dec->gif == NULL) return fail(dec, VEIL_MEDIA_EFORMAT, error);
    uint32_t width = (uint32_t)dec->gif->SWidth, height = (uint32_t)dec->gif->SHeight;
    int status = veil_media_check_size(width, height, dec->max_pixels);
    if (status != VEIL_MEDIA_OK) return fail(dec, status == VEIL_MEDIA_ESIZE ? VEIL_MEDIA_ELIMIT : status, 0);
    dec->canvas = calloc((size_t)width * height, 4);
    if (dec->canvas == NULL) return fail(dec, VEIL_MEDIA_ENOMEM, 0);
    dec->width = width;
    dec->height = height;
    dec->state = DECODER_OPEN;
    return VEIL_MEDIA_OK;
}

uint32_t veil_gif_decoder_width(const veil_gif_decoder *dec) { return dec != NULL ? dec->width : 0; }
uint32_t veil_gif_decoder_height(const veil_gif_decoder *dec) { return dec != NULL ? dec->height : 0; }
int veil_gif_decoder_loop_count(const veil_gif_decoder *dec) { return dec != NULL ? dec->loop_count : -1; }
const char *veil_gif_decoder_message(const veil_gif_decoder *dec) { return dec != NULL ? dec->message : ""; }

/* Clears a rectangle (clipped to the canvas) to transparent, as browsers dispose "to
 * background". */
static void clear_rect(veil_gif_decoder *dec, uint32_t x, uint32_t y, uint32_t w, uint32_t h) {
    if (x >= dec->width || y >= dec->height) return;
    if (w > dec->width - x) w = dec->width - x;
    if (h > dec->height - y) h = dec->height - y;
    for (uint32_t row = y; row < y + h; row++) memset(dec->canvas + ((size_t)row * dec->width + x) * 4, 0, (size_t)w * 4);
}

/* Reads an extension: a graphics control block, or the Netscape loop count. */
static int read_extension(veil_gif_decoder *dec) {
    const struct veil_gif_api *gl = dec->api;
    int code = 0;
    GifByteType *block = NULL;
    if (gl->DGifGetExtension(dec->gif, &code, &block) == GIF_ERROR) return fail(dec, VEIL_MEDIA_EFORMAT, dec->gif->Error);
    int netscape = 0;
    if (block != NULL && code == GRAPHICS_EXT_FUNC_CODE) {
        if (gl->DGifExtensionToGCB(block[0], block + 1, &dec->control) == GIF_ERROR) reset_control(&dec->control);
    } else if (block != NULL && code == APPLICATION_EXT_FUNC_CODE) {
        netscape = block[0] == 11 && memcmp(block + 1, "NETSCAPE2.0", 11) == 0;
    }
    while (block != NULL) {
        if (gl->DGifGetExtensionNext(dec->gif, &block) == GIF_ERROR) return fail(dec, VEIL_MEDIA_EFORMAT, dec->gif->Error);
        if (netscape && block != NULL && block[0] >= 3 && block[1] == 1) {
            dec->loop_count = block[2] | (block[3] << 8);
            netscape = 0;
        }
    }
    return VEIL_MEDIA_OK;
}

/* Reads one image onto the canvas. */
static int read_image(veil_gif_decoder *dec) {
    const struct veil_gif_api *gl = dec->api;
    if (gl->DGifGetImageDesc(dec->gif) == GIF_ERROR) return fail(dec, VEIL_MEDIA_EFORMAT, dec->gif->Error);
    const GifImageDesc *image = &dec->gif->Image;
    if (image->Width <= 0 || image->Height <= 0) return fail(dec, VEIL_MEDIA_EFORMAT, 0);
    const uint32_t fx = (uint32_t)image->Left, fy = (uint32_t)image->Top;
    const uint32_t fw = (uint32_t)image->Width, fh = (uint32_t)image->Height;
    if ((uint64_t)fw * fh > dec->max_pixels) return fail(dec, VEIL_MEDIA_ELIMIT, 0);
    dec->total_pixels += (uint64_t)fw * fh;
    if (dec->total_pixels > GIF_MAX_TOTAL_PIXELS) return fail(dec, VEIL_MEDIA_ELIMIT, 0);
    if (++dec->frames > dec->max_frames) return fail(dec, VEIL_MEDIA_ELIMIT, 0);
    const ColorMapObject *map = image->ColorMap != NULL ? image->ColorMap : dec->gif->SColorMap;
    if (map == NULL || map->Colors == NULL) return fail(dec, VEIL_MEDIA_EFORMAT, 0);
    if (fw > dec->line_cap) {
        uint8_t *grown = realloc(dec->line, fw);
        if (grown == NULL) return fail(dec, VEIL_MEDIA_ENOMEM, 0);
        dec->line = grown;
        dec->line_cap = fw;
    }
    if (dec->control.DisposalMode == DISPOSE_PREVIOUS) {
        if (dec->previous == NULL) dec->previous = malloc((size_t)dec->width * dec->height * 4);
        if (dec->previous == NULL) return fail(dec, VEIL_MEDIA_ENOMEM, 0);
        memcpy(dec->previous, dec->canvas, (size_t)dec->width * dec->height * 4);
    }
    static const uint32_t starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
    const int passes = image->Interlace ? 4 : 1;
    const int transparent = dec->control.TransparentColor;
    for (int pass = 0; pass < passes; pass++) {
        const uint32_t first = image->Interlace ? starts[pass] : 0, step = image->Interlace ? steps[pass] : 1;
        for (uint32_t row = first; row < fh; row += step) {
            if (gl->DGifGetLine(dec->gif, dec->line, (int)fw) == GIF_ERROR) {
                return fail(dec, VEIL_MEDIA_EFORMAT, dec->gif->Error);
            }
            const uint32_t y = fy + row;
            if (y >= dec->height) continue;
            uint8_t *out = dec->canvas + (size_t)y * dec->width * 4;
            for (uint32_t col = 0; col < fw; col++) {
                const uint32_t x = fx + col;
                if (x >= dec->width) break;
                const int index = dec->line[col];
                /* Transparent pixels, and indices past the colour table, leave the canvas. */
                if (index == transparent || index >= map->ColorCount) continue;
                const GifColorType colour = map->Colors[index];
                out[4 * x] = colour.Red;
                out[4 * x + 1] = colour.Green;
                out[4 * x + 2] = colour.Blue;
                out[4 * x + 3] = 255;
            }
        }
    }
    dec->disposal = dec->control.DisposalMode;
    dec->dx = fx;
    dec->dy = fy;
    dec->dw = fw;
    dec->dh = fh;
    return VEIL_MEDIA_OK;
}

int veil_gif_decoder_next(veil_gif_decoder *dec, const uint8_t **rgba, uint32_t *start_ms,
                          uint32_t *duration_ms) {
    if (dec == NULL || rgba == NULL || start_ms == NULL || duration_ms == NULL) return VEIL_MEDIA_EINVAL;
    if (dec->state == DECODER_ENDED) return VEIL_MEDIA_END;
    if (dec->state != DECODER_OPEN) return VEIL_MEDIA_ESTATE;
    const struct veil_gif_api *gl = dec->api;
    for (;;) {
        GifRecordType type = UNDEFINED_RECORD_TYPE;
        if (gl->DGifGetRecordType(dec->gif, &type) == GIF_ERROR) return fail(dec, VEIL_MEDIA_EFORMAT, dec->gif->Error);
        switch (type) {
        case EXTENSION_RECORD_TYPE: {
            int status = read_extension(dec);
            if (status != VEIL_MEDIA_OK) return status;
            break;
        }
        case IMAGE_DESC_RECORD_TYPE: {
            /* The previous frame leaves as its disposal says. */
            if (dec->disposal == DISPOSE_BACKGROUND) {
                clear_rect(dec, dec->dx, dec->dy, dec->dw, dec->dh);
            } else if (dec->disposal == DISPOSE_PREVIOUS && dec->previous != NULL) {
                memcpy(dec->canvas, dec->previous, (size_t)dec->width * dec->height * 4);
            }
            int status = read_image(dec);
            if (status != VEIL_MEDIA_OK) return status;
            const uint32_t delay = (uint32_t)(dec->control.DelayTime > 0 ? dec->control.DelayTime : 0) * 10;
            *rgba = dec->canvas;
            *start_ms = dec->time_ms;
            *duration_ms = delay;
            dec->time_ms += delay;
            reset_control(&dec->control);
            return VEIL_MEDIA_OK;
        }
        case TERMINATE_RECORD_TYPE:
            dec->state = DECODER_ENDED;
            return VEIL_MEDIA_END;
        default:
            return fail(dec, VEIL_MEDIA_EFORMAT, 0);
        }
    }
}
