#ifndef CVEILMEDIA_VEIL_OCR_H
#define CVEILMEDIA_VEIL_OCR_H
/* Optical character recognition (Tesseract) and JPEG decoding (libjpeg), both opened at run
 * time only when an image is read, so Veil builds and runs without them; a call that needs a
 * missing one returns VEIL_MEDIA_ENOLIB and *_library_error() says what the loader said. */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- OCR (libtesseract.so.5; VEIL_TESSERACT_LIBRARY names another file) -------------------- */

/* Loads Tesseract once (thread-safe): VEIL_MEDIA_OK or VEIL_MEDIA_ENOLIB. */
int veil_ocr_load(void);
/* What the loader said when loading failed ("" otherwise); never NULL. */
const char *veil_ocr_library_error(void);
/* Tesseract's version ("5.3.0"), or "" when it is not loaded. */
const char *veil_ocr_version(void);

/* An engine with its language data loaded (one per thread: an engine is not shared). */
typedef struct veil_ocr veil_ocr;

/* An engine for `language` ("eng"), or NULL with the reason in `error` (no library, no data). */
veil_ocr *veil_ocr_new(const char *language, char *error, size_t size);
void veil_ocr_free(veil_ocr *ocr);

/* Called for each word found: its UTF-8 text, its box in pixels (right and bottom exclusive),
 * the engine's confidence (0–100) and the 0-based line it is on. */
typedef void (*veil_ocr_word_fn)(void *context, const char *utf8, int left, int top, int right, int bottom,
                                 float confidence, int line);

/* Recognizes an 8-bit grey image (`bytes_per_line` bytes a row) with Tesseract's page
 * segmentation mode `page_seg_mode` (6 a block of text, 7 one line); calls `word` for each word
 * in reading order. VEIL_MEDIA_OK, VEIL_MEDIA_EINVAL or VEIL_MEDIA_ELIBRARY. */
int veil_ocr_recognize(veil_ocr *ocr, const uint8_t *gray, int width, int height, int bytes_per_line,
                       int page_seg_mode, veil_ocr_word_fn word, void *context);

/* ---- JPEG (libjpeg) ------------------------------------------------------------------------ */

/* Loads libjpeg once: VEIL_MEDIA_OK, or VEIL_MEDIA_ENOLIB (also when Veil was built without
 * libjpeg's header). */
int veil_jpeg_load(void);
const char *veil_jpeg_library_error(void);

/* Decodes a JPEG into RGBA (4 bytes a pixel), at most `max_pixels` pixels (checked on the header,
 * before any pixel is decoded). On VEIL_MEDIA_OK `*rgba` holds width × height × 4 bytes, freed
 * with veil_jpeg_free; otherwise `message` says what went wrong. */
int veil_jpeg_decode(const uint8_t *data, size_t size, uint32_t max_pixels, uint8_t **rgba, uint32_t *width,
                     uint32_t *height, char *message, size_t message_size);
void veil_jpeg_free(uint8_t *rgba);

#ifdef __cplusplus
}
#endif
#endif
