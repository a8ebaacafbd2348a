#include <stdlib.h>
#include <string.h>
#include "libraries.h"
#include "media.h"

enum { DECODER_NEW = 0, DECODER_OPEN = 1, DECODER_ENDED = 2, DECODER_FAILED = -1 };

struct veil_webp_decoder {
    int state;
    const struct veil_webp_api *api;
    WebPAnimDecoder *anim;
    uint8_t *data;  /* the decoder reads from this copy until it is freed */
    size_t len;
    uint32_t max_pixels;
    uint32_t max_frames;
    uint32_t width;
    uint32_t height;
    uint32_t frame_count;
    uint32_t frames;
    int loop_count;
    uint32_t time_ms;
    char message[256];
};

static int fail(veil_webp_decoder *dec, int status, const char *message) {
    dec->state = DECODER_FAILED;
    if (message != NULL) veil_media_set_message(dec->message, sizeof dec->message, message);
    return status;
}

veil_webp_decoder *veil_webp_decoder_new(void) {
    veil_webp_decoder *dec = calloc(1, sizeof(veil_webp_decoder));
    if (dec == NULL) return NULL;
    dec->max_pixels = VEIL_MEDIA_MAX_PIXELS;
    dec->max_frames = VEIL_MEDIA_MAX_FRAMES;
    return dec;
}

void veil_webp_decoder_free(veil_webp_decoder *dec) {
    if (dec == NULL) return;
    if (dec->anim != NULL) dec->api->WebPAnimDecoderDelete(dec->anim);
    free(dec->data);
    free(dec);
}

int veil_webp_decoder_set_limits(veil_webp_decoder *dec, uint32_t max_pixels, uint32_t max_frames) {
    if (dec == NULL) return VEIL_MEDIA_EINVAL;
    if (dec->state != DECODER_NEW) return VEIL_MEDIA_ESTATE;
    if (max_pixels != 0 && max_pixels < dec->max_pixels) dec->max_pixels = max_pixels;
    if (max_frames != 0 && max_frames < dec->max_frames) dec->max_frames = max_frames;
    return VEIL_MEDIA_OK;
}

int veil_webp_decoder_open(veil_webp_decoder *dec, const uint8_t *data, size_t len) {
    if (dec == NULL || data == NULL) return VEIL_MEDIA_EINVAL;
    if (dec->state != DECODER_NEW) return VEIL_MEDIA_ESTATE;
    if (len < 12 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WEBP", 4) != 0) {
        return fail(dec, VEIL_MEDIA_EFORMAT, NULL);
    }
    dec->api = veil_webp_api();
    if (dec->api == NULL) return VEIL_MEDIA_ENOLIB;
    const struct veil_webp_api *wp = dec->api;
    /* The canvas size first, so an oversized image is refused before any allocation. */
    WebPBitstreamFeatures features;
    if (wp->WebPGetFeaturesInternal(data, len, &features, WEBP_DECODER_ABI_VERSION) != VP8_STATUS_OK) {
        return fail(dec, VEIL_MEDIA_EFORMAT, "libwebp cannot read the header");
    }
    int status = veil_media_check_size((uint32_t)features.width, (uint32_t)features.height, dec->max_pixels);
    if (status != VEIL_MEDIA_OK) return fail(dec, VEIL_MEDIA_ELIMIT, NULL);
    dec->data = malloc(len);
    if (dec->data == NULL) return fail(dec, VEIL_MEDIA_ENOMEM, NULL);
    memcpy(dec->data, data, len);
    dec->len = len;
    WebPAnimDecoderOptions options;
    if (!wp->WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION)) {
        return fail(dec, VEIL_MEDIA_ELIBRARY, "libwebpdemux's version does not match its headers");
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    const WebPData webp = {dec->data, dec->len};
    dec->anim = wp->WebPAnimDecoderNewInternal(&webp, &options, WEBP_DEMUX_ABI_VERSION);
    if (dec->anim == NULL) return fail(dec, VEIL_MEDIA_EFORMAT, "libwebp cannot read the file");
    WebPAnimInfo info;
    if (!wp->WebPAnimDecoderGetInfo(dec->anim, &info)) return fail(dec, VEIL_MEDIA_EFORMAT, NULL);
    status = veil_media_check_size(info.canvas_width, info.canvas_height, dec->max_pixels);
    if (status != VEIL_MEDIA_OK) return fail(dec, VEIL_MEDIA_ELIMIT, NULL);
    if (info.frame_count > dec->max_frames) return fail(dec, VEIL_MEDIA_ELIMIT, NULL);
    dec->width = info.canvas_width;
    dec->height = info.canvas_height;
    dec->frame_count = info.frame_count;
    dec->loop_count = (int)info.loop_count;
    dec->state = DECODER_OPEN;
    return VEIL_MEDIA_OK;
}

uint32_t veil_webp_decoder_width(const veil_webp_decoder *dec) { return dec != NULL ? dec->width : 0; }
uint32_t veil_webp_decoder_height(const veil_webp_decoder *dec) { return dec != NULL ? dec->height : 0; }
int veil_webp_decoder_loop_count(const veil_webp_decoder *dec) { return dec != NULL ? dec->loop_count : 0; }
const char *veil_webp_decoder_message(const veil_webp_decoder *dec) { return dec != NULL ? dec->message : ""; }

int veil_webp_decoder_next(veil_webp_decoder *dec, const uint8_t **rgba, uint32_t *start_ms,
                           uint32_t *duration_ms) {
    if (dec == NULL || rgba == NULL || start_ms == NULL || duration_ms == NULL) return VEIL_MEDIA_EINVAL;
    if (dec->state == DECODER_ENDED) return VEIL_MEDIA_END;
    if (dec->state != DECODER_OPEN) return VEIL_MEDIA_ESTATE;
    if (dec->frames >= dec->frame_count) {
        dec->state = DECODER_ENDED;
        return VEIL_MEDIA_END;
    }
    uint8_t *buffer = NULL;
    int timestamp = 0;  /* when this frame ends */
    if (!dec->api->WebPAnimDecoderGetNext(dec->anim, &buffer, &timestamp) || buffer == NULL) {
        return fail(dec, VEIL_MEDIA_EFORMAT, "libwebp cannot decode a frame");
    }
    dec->frames++;
    const uint32_t end = timestamp > 0 ? (uint32_t)timestamp : 0;
    *rgba = buffer;
    *start_ms = dec->time_ms;
    *duration_ms = end > dec->time_ms ? end - dec->time_ms : 0;
    if (end > dec->time_ms) dec->time_ms = end;
    return VEIL_MEDIA_OK;
}
