#include <stdlib.h>
#include <string.h>
#include "libraries.h"
#include "media.h"

enum { ENCODER_NEW = 0, ENCODER_STARTED = 1, ENCODER_FINISHED = 2, ENCODER_FAILED = -1 };

struct veil_webp_encoder {
    int state;
    const struct veil_webp_api *api;
    WebPAnimEncoder *anim;
    WebPConfig config;
    uint32_t width;
    uint32_t height;
    uint32_t frames;
    uint32_t last_ms;
    struct veil_media_buffer out;
    char message[256];
};

static int fail(veil_webp_encoder *enc, int status, const char *message) {
    enc->state = ENCODER_FAILED;
    if (message != NULL) veil_media_set_message(enc->message, sizeof enc->message, message);
    return status;
}

/* The animation encoder's own message for its last call. */
static int fail_anim(veil_webp_encoder *enc) {
    const char *text = enc->api->WebPAnimEncoderGetError(enc->anim);
    return fail(enc, VEIL_MEDIA_ELIBRARY, text != NULL && text[0] != '\0' ? text : "libwebp animation encoder error");
}

veil_webp_encoder *veil_webp_encoder_new(void) {
    return calloc(1, sizeof(veil_webp_encoder));
}

void veil_webp_encoder_free(veil_webp_encoder *enc) {
    if (enc == NULL) return;
    if (enc->anim != NULL) enc->api->WebPAnimEncoderDelete(enc->anim);
    veil_media_buffer_free(&enc->out);
    free(enc);
}

int veil_webp_encoder_start(veil_webp_encoder *enc, uint32_t width, uint32_t height, int loop_count,
                            int effort) {
    if (enc == NULL) return VEIL_MEDIA_EINVAL;
    if (enc->state != ENCODER_NEW) return VEIL_MEDIA_ESTATE;
    if (loop_count < 0 || loop_count > 65535 || effort < 0 || effort > 9) return VEIL_MEDIA_EINVAL;
    int status = veil_media_check_size(width, height, VEIL_MEDIA_MAX_PIXELS);
    if (status != VEIL_MEDIA_OK) return status;
    enc->api = veil_webp_api();
    if (enc->api == NULL) return VEIL_MEDIA_ENOLIB;
    const struct veil_webp_api *wp = enc->api;
    WebPAnimEncoderOptions options;
    if (!wp->WebPAnimEncoderOptionsInitInternal(&options, WEBP_MUX_ABI_VERSION)) {
        return fail(enc, VEIL_MEDIA_ELIBRARY, "libwebpmux's version does not match its headers");
    }
    options.anim_params.loop_count = loop_count;
    options.anim_params.bgcolor = 0xFF000000u;
    options.minimize_size = 0;
    options.kmin = 0;
    options.kmax = 0;  /* no key frames: every frame is the change from the one before */
    options.allow_mixed = 0;
    options.verbose = 0;
    if (!wp->WebPConfigInitInternal(&enc->config, WEBP_PRESET_DEFAULT, 75.0f, WEBP_ENCODER_ABI_VERSION)
        || !wp->WebPConfigLosslessPreset(&enc->config, effort)) {
        return fail(enc, VEIL_MEDIA_ELIBRARY, "libwebp's version does not match its headers");
    }
    enc->config.lossless = 1;
    enc->config.thread_level = 0;
    if (!wp->WebPValidateConfig(&enc->config)) return fail(enc, VEIL_MEDIA_ELIBRARY, "libwebp refused the settings");
    enc->anim = wp->WebPAnimEncoderNewInternal((int)width, (int)height, &options, WEBP_MUX_ABI_VERSION);
    if (enc->anim == NULL) return fail(enc, VEIL_MEDIA_ENOMEM, NULL);
    enc->width = width;
    enc->height = height;
    enc->state = ENCODER_STARTED;
    return VEIL_MEDIA_OK;
}

int veil_webp_encoder_add_frame(veil_webp_encoder *enc, const uint32_t *argb, uint32_t timestamp_ms) {
    if (enc == NULL || argb == NULL) return VEIL_MEDIA_EINVAL;
    if (enc->state != ENCODER_STARTED) return VEIL_MEDIA_ESTATE;
    if (timestamp_ms > INT32_MAX || (enc->frames > 0 && timestamp_ms < enc->last_ms)) return VEIL_MEDIA_EINVAL;
    const struct veil_webp_api *wp = enc->api;
    WebPPicture picture;
    if (!wp->WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION)) {
        return fail(enc, VEIL_MEDIA_ELIBRARY, "libwebp's version does not match its headers");
    }
    /* A view of the caller's pixels: the encoder copies what it keeps and never writes here. */
    picture.use_argb = 1;
    picture.width = (int)enc->width;
    picture.height = (int)enc->height;
    picture.argb = (uint32_t *)argb;
    picture.argb_stride = (int)enc->width;
    if (!wp->WebPAnimEncoderAdd(enc->anim, &picture, (int)timestamp_ms, &enc->config)) return fail_anim(enc);
    enc->frames++;
    enc->last_ms = timestamp_ms;
    return VEIL_MEDIA_OK;
}

int veil_webp_encoder_finish(veil_webp_encoder *enc, uint32_t end_ms) {
    if (enc == NULL) return VEIL_MEDIA_EINVAL;
    if (enc->state != ENCODER_STARTED || enc->frames == 0) return VEIL_MEDIA_ESTATE;
    if (end_ms > INT32_MAX || end_ms < enc->last_ms) return VEIL_MEDIA_EINVAL;
    const struct veil_webp_api *wp = enc->api;
    if (!wp->WebPAnimEncoderAdd(enc->anim, NULL, (int)end_ms, NULL)) return fail_anim(enc);
    WebPData data = {NULL, 0};
    if (!wp->WebPAnimEncoderAssemble(enc->anim, &data)) return fail_anim(enc);
    int appended = veil_media_buffer_append(&enc->out, data.bytes, data.size);
    wp->WebPFree((void *)data.bytes);
    if (appended != 0) return fail(enc, VEIL_MEDIA_ENOMEM, NULL);
    wp->WebPAnimEncoderDelete(enc->anim);
    enc->anim = NULL;
    enc->state = ENCODER_FINISHED;
    return VEIL_MEDIA_OK;
}

const uint8_t *veil_webp_encoder_output(const veil_webp_encoder *enc, size_t *len) {
    if (len != NULL) *len = enc != NULL ? enc->out.len : 0;
    return enc != NULL ? enc->out.bytes : NULL;
}

void veil_webp_encoder_clear_output(veil_webp_encoder *enc) {
    if (enc != NULL) enc->out.len = 0;
}

const char *veil_webp_encoder_message(const veil_webp_encoder *enc) {
    return enc != NULL ? enc->message : "";
}
