#ifndef CVEILMEDIA_H
#define CVEILMEDIA_H
/* CVeilMedia: the image and animation codecs Veil loads only when a format needs them.
 *
 * GIF through giflib, animated WebP through libwebp's animation encoder and decoder
 * (libwebpmux, libwebpdemux). Their headers are needed to build; the libraries themselves
 * are opened at run time (CVeilLibraries, dlopen), so `veil snap` and `veil audit` run on a
 * machine without them, and a call that needs a missing one returns VEIL_MEDIA_ENOLIB with
 * veil_media_library_error() saying what the loader said.
 *
 * Shape (after libspng): one opaque context per job (encoder or decoder), created by its
 * _new, freed by its _free (NULL allowed); every call returns an int status (VEIL_MEDIA_OK
 * = 0) and veil_media_strerror gives its text. A failed call poisons the context: every later
 * call but _free returns VEIL_MEDIA_ESTATE. Encoders keep their output in the context until
 * the caller takes it (_output, then _clear_output), so a long animation is written as it is
 * made. Decoders copy their input and give every frame composed on the canvas, as RGBA. */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The largest canvas side, and the largest canvas, accepted by encoders and decoders. */
#define VEIL_MEDIA_MAX_DIMENSION 16383u
#define VEIL_MEDIA_MAX_PIXELS (1u << 26)
/* Decoders: the most frames decoded unless the caller sets a lower limit. */
#define VEIL_MEDIA_MAX_FRAMES 100000u

enum veil_media_status {
    VEIL_MEDIA_OK = 0,
    VEIL_MEDIA_EINVAL = 1,     /* a required pointer is NULL or an argument is out of range */
    VEIL_MEDIA_ENOLIB = 2,     /* the library could not be loaded; see veil_media_library_error */
    VEIL_MEDIA_ESTATE = 3,     /* a call out of order, or on a context an error poisoned */
    VEIL_MEDIA_ESIZE = 4,      /* a side is 0 or above VEIL_MEDIA_MAX_DIMENSION, or too many pixels */
    VEIL_MEDIA_ERECT = 5,      /* a frame's rectangle does not lie inside the canvas */
    VEIL_MEDIA_EPALETTE = 6,   /* a palette of 0 or more than 256 colours, or an index past it */
    VEIL_MEDIA_ENOMEM = 7,     /* an allocation failed */
    VEIL_MEDIA_EFORMAT = 8,    /* the data is not a GIF / WebP, or is damaged */
    VEIL_MEDIA_ELIMIT = 9,     /* a decoding limit (pixels, frames) was reached */
    VEIL_MEDIA_ELIBRARY = 10,  /* the library reported an error; see the context's _message */
    VEIL_MEDIA_END = 11        /* a decoder has no more frames (not an error) */
};

/* A static description of a status; never NULL. */
const char *veil_media_strerror(int status);

/* The optional libraries. */
enum veil_media_library {
    VEIL_MEDIA_GIFLIB = 0,  /* giflib (libgif.so.7) */
    VEIL_MEDIA_LIBWEBP = 1  /* libwebp with libwebpmux and libwebpdemux */
};

/* Loads a library once (thread-safe): VEIL_MEDIA_OK or VEIL_MEDIA_ENOLIB. */
int veil_media_library_load(int library);
/* What the loader said when loading failed ("" otherwise); never NULL. */
const char *veil_media_library_error(int library);

/* ---- GIF encoder (giflib) ----------------------------------------------------------------
 * start → add_frame … → finish. No global colour table: each frame carries its own palette
 * (at most 256 colours, padded to a power of two), so a frame is exactly its colours and
 * nothing is dithered. The first frame must cover the canvas. */
typedef struct veil_gif_encoder veil_gif_encoder;

veil_gif_encoder *veil_gif_encoder_new(void);
void veil_gif_encoder_free(veil_gif_encoder *enc);

/* Writes the header for a width x height canvas. `loop_count`: 0 loops forever, n > 0 plays
 * n + 1 times (the Netscape extension's count), -1 plays once (no loop extension). */
int veil_gif_encoder_start(veil_gif_encoder *enc, uint32_t width, uint32_t height, int loop_count);

/* Compresses the frames with giflib's own LZW coder (EGifPutLine) when `on`, instead of
 * Veil's (the default), which writes the same bytes two to three times as fast: the
 * reference the tests compare it with. */
int veil_gif_encoder_use_library_coder(veil_gif_encoder *enc, int on);

/* Makes a context just started (its header output dropped by the caller) a helper of another
 * context of the same GIF: it takes frames after the first (any rectangle), whose bytes the
 * caller places among the other context's in frame order. A frame's bytes depend on that frame
 * alone (giflib starts each image's compression afresh), so two contexts can compress frames
 * side by side. */
int veil_gif_encoder_continue(veil_gif_encoder *enc);

/* One frame: `indices` (w x h bytes, row-major) into `palette_rgb` (`palette_count` RGB
 * triples, 1…256) drawn at (x, y); `transparent` is the index left see-through (the pixels
 * the previous frame keeps), or -1; `delay_cs` the time it shows, in hundredths of a second
 * (0…65535). The frame stays on the canvas (disposal "do not dispose"). */
int veil_gif_encoder_add_frame(veil_gif_encoder *enc, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                               const uint8_t *indices, const uint8_t *palette_rgb, uint32_t palette_count,
                               int transparent, uint32_t delay_cs);

/* Writes the trailer. */
int veil_gif_encoder_finish(veil_gif_encoder *enc);

/* The bytes written so far and not yet taken; valid until the next call. */
const uint8_t *veil_gif_encoder_output(const veil_gif_encoder *enc, size_t *len);
/* Forgets the bytes taken (keeps the buffer). */
void veil_gif_encoder_clear_output(veil_gif_encoder *enc);
/* giflib's message for the last VEIL_MEDIA_ELIBRARY ("" otherwise); never NULL. */
const char *veil_gif_encoder_message(const veil_gif_encoder *enc);

/* ---- GIF decoder (giflib) ---------------------------------------------------------------- */
typedef struct veil_gif_decoder veil_gif_decoder;

veil_gif_decoder *veil_gif_decoder_new(void);
void veil_gif_decoder_free(veil_gif_decoder *dec);

/* Lower limits than VEIL_MEDIA_MAX_PIXELS / VEIL_MEDIA_MAX_FRAMES (0 keeps the default);
 * before open. */
int veil_gif_decoder_set_limits(veil_gif_decoder *dec, uint32_t max_pixels, uint32_t max_frames);

/* Copies `data` and reads the header: the canvas size is known after this. */
int veil_gif_decoder_open(veil_gif_decoder *dec, const uint8_t *data, size_t len);

/* The canvas size (0 before open) and the loop count (-1: no loop extension, 0: forever). */
uint32_t veil_gif_decoder_width(const veil_gif_decoder *dec);
uint32_t veil_gif_decoder_height(const veil_gif_decoder *dec);
int veil_gif_decoder_loop_count(const veil_gif_decoder *dec);

/* The next frame composed on the canvas as browsers compose it (disposal, transparency):
 * `*rgba` is width x height x 4 bytes, valid until the next call; `*start_ms` when it shows
 * (the sum of the delays before it) and `*duration_ms` how long (its delay). Returns
 * VEIL_MEDIA_END after the last frame. */
int veil_gif_decoder_next(veil_gif_decoder *dec, const uint8_t **rgba, uint32_t *start_ms,
                          uint32_t *duration_ms);

const char *veil_gif_decoder_message(const veil_gif_decoder *dec);

/* ---- Animated WebP encoder (libwebp, WebPAnimEncoder) ------------------------------------
 * start → add_frame … → finish. Every frame is the whole canvas; the library re-encodes only
 * the rectangle that changed. Lossless. The file exists only after finish (the format puts
 * sizes in front), then _output holds it. */
typedef struct veil_webp_encoder veil_webp_encoder;

veil_webp_encoder *veil_webp_encoder_new(void);
void veil_webp_encoder_free(veil_webp_encoder *enc);

/* A width x height animation; `loop_count` 0 forever, n > 0 n times; `effort` 0…9
 * (libwebp's lossless presets: 0 fastest, 9 smallest). */
int veil_webp_encoder_start(veil_webp_encoder *enc, uint32_t width, uint32_t height, int loop_count,
                            int effort);

/* The canvas at `timestamp_ms` (non-decreasing): width x height pixels as 0xAARRGGBB words. */
int veil_webp_encoder_add_frame(veil_webp_encoder *enc, const uint32_t *argb, uint32_t timestamp_ms);

/* Ends the animation at `end_ms` (the last frame shows until then) and assembles the file. */
int veil_webp_encoder_finish(veil_webp_encoder *enc, uint32_t end_ms);

const uint8_t *veil_webp_encoder_output(const veil_webp_encoder *enc, size_t *len);
void veil_webp_encoder_clear_output(veil_webp_encoder *enc);
const char *veil_webp_encoder_message(const veil_webp_encoder *enc);

/* ---- WebP decoder (libwebp, WebPAnimDecoder): animated or still ------------------------- */
typedef struct veil_webp_decoder veil_webp_decoder;

veil_webp_decoder *veil_webp_decoder_new(void);
void veil_webp_decoder_free(veil_webp_decoder *dec);
int veil_webp_decoder_set_limits(veil_webp_decoder *dec, uint32_t max_pixels, uint32_t max_frames);
int veil_webp_decoder_open(veil_webp_decoder *dec, const uint8_t *data, size_t len);
uint32_t veil_webp_decoder_width(const veil_webp_decoder *dec);
uint32_t veil_webp_decoder_height(const veil_webp_decoder *dec);
/* 0 forever, n > 0 n times; a still image reports 0. */
int veil_webp_decoder_loop_count(const veil_webp_decoder *dec);
/* As veil_gif_decoder_next. */
int veil_webp_decoder_next(veil_webp_decoder *dec, const uint8_t **rgba, uint32_t *start_ms,
                           uint32_t *duration_ms);
const char *veil_webp_decoder_message(const veil_webp_decoder *dec);

#ifdef __cplusplus
}
#endif

/* OCR (Tesseract) and JPEG (libjpeg). */
#include "veil_ocr.h"
#endif
