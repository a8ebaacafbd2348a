/* Optical character recognition through Tesseract's C API, opened at run time.
 *
 * Tesseract is optional when Veil is built as well as when it runs: its headers are not used.
 * The few functions called are declared here, as the C API (tesseract/capi.h, stable since
 * 4.0) defines them; the library is opened with dlopen through CVeilLibraries
 * (libtesseract.so.5, then macOS names) the first time an image is read. */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cveilmedia.h"
#include "veil_ocr.h"
#include "media.h"
#include "veil_library.h"

/* The C API's opaque handles and the values used (tesseract/capi.h, publictypes.h). */
typedef struct TessBaseAPI TessBaseAPI;
typedef struct TessResultIterator TessResultIterator;
typedef struct TessPageIterator TessPageIterator;
enum { RIL_TEXTLINE = 2, RIL_WORD = 3 };
enum { OEM_DEFAULT = 3 };

struct veil_tess_api {
    const char *(*TessVersion)(void);
    void (*TessDeleteText)(const char *text);
    TessBaseAPI *(*TessBaseAPICreate)(void);
    void (*TessBaseAPIDelete)(TessBaseAPI *handle);
    int (*TessBaseAPISetVariable)(TessBaseAPI *handle, const char *name, const char *value);
    int (*TessBaseAPIInit3)(TessBaseAPI *handle, const char *datapath, const char *language);
    void (*TessBaseAPISetPageSegMode)(TessBaseAPI *handle, int mode);
    void (*TessBaseAPISetImage)(TessBaseAPI *handle, const unsigned char *imagedata, int width, int height,
                                int bytes_per_pixel, int bytes_per_line);
    void (*TessBaseAPISetSourceResolution)(TessBaseAPI *handle, int ppi);
    int (*TessBaseAPIRecognize)(TessBaseAPI *handle, void *monitor);
    TessResultIterator *(*TessBaseAPIGetIterator)(TessBaseAPI *handle);
    void (*TessBaseAPIClear)(TessBaseAPI *handle);
    void (*TessBaseAPIEnd)(TessBaseAPI *handle);
    int (*TessPageIteratorIsAtBeginningOf)(const TessPageIterator *handle, int level);
    int (*TessPageIteratorBoundingBox)(const TessPageIterator *handle, int level, int *left, int *top, int *right,
                                       int *bottom);
    void (*TessResultIteratorDelete)(TessResultIterator *handle);
    const TessPageIterator *(*TessResultIteratorGetPageIteratorConst)(const TessResultIterator *handle);
    int (*TessResultIteratorNext)(TessResultIterator *handle, int level);
    char *(*TessResultIteratorGetUTF8Text)(const TessResultIterator *handle, int level);
    float (*TessResultIteratorConfidence)(const TessResultIterator *handle, int level);
};

static const char *const tesseract_names[] = {
    "libtesseract.so.5", "libtesseract.5.dylib", "/opt/homebrew/lib/libtesseract.5.dylib",
    "/usr/local/lib/libtesseract.5.dylib", NULL};
static veil_library tesseract_library = {.name = "libtesseract", .file_names = tesseract_names};
static struct veil_tess_api tess;
static int tess_loaded;
static char tess_error[320];
static pthread_once_t tess_once = PTHREAD_ONCE_INIT;

static int find(const char *name, void **slot) {
    *slot = veil_library_symbol(&tesseract_library, name);
    if (*slot != NULL) return 0;
    snprintf(tess_error, sizeof tess_error, "libtesseract has no symbol %s (too old a version?)", name);
    return -1;
}

#define FIND(name) find(#name, (void **)&tess.name)

static void load_tesseract(void) {
    if (veil_media_hidden_for_tests("tesseract", tess_error, sizeof tess_error)) return;
    const char *names = getenv("VEIL_TESSERACT_LIBRARY");
    if (names != NULL && *names != '\0') {
        /* An explicit library file (a build in another prefix); tried alone. */
        static const char *explicit_names[2];
        explicit_names[0] = names;
        explicit_names[1] = NULL;
        tesseract_library.file_names = explicit_names;
    }
    /* Tesseract parallelises a line's recognition with OpenMP, whose threads spin while they
     * wait. Veil already runs one engine per core, so those threads only fight the engines for
     * the cores: with them, reading a 30-row screenshot cost 3.5 s of CPU; without, 0.9 s. The
     * limit is read when libgomp loads (with libtesseract, below); a limit the user set stays. */
    if (getenv("OMP_THREAD_LIMIT") == NULL) setenv("OMP_THREAD_LIMIT", "1", 0);
    if (veil_library_load(&tesseract_library) != 0) {
        veil_media_set_message(tess_error, sizeof tess_error, tesseract_library.error);
        return;
    }
    int failed = 0;
    failed |= FIND(TessVersion);
    failed |= FIND(TessDeleteText);
    failed |= FIND(TessBaseAPICreate);
    failed |= FIND(TessBaseAPIDelete);
    failed |= FIND(TessBaseAPISetVariable);
    failed |= FIND(TessBaseAPIInit3);
    failed |= FIND(TessBaseAPISetPageSegMode);
    failed |= FIND(TessBaseAPISetImage);
    failed |= FIND(TessBaseAPISetSourceResolution);
    failed |= FIND(TessBaseAPIRecognize);
    failed |= FIND(TessBaseAPIGetIterator);
    failed |= FIND(TessBaseAPIClear);
    failed |= FIND(TessBaseAPIEnd);
    failed |= FIND(TessPageIteratorIsAtBeginningOf);
    failed |= FIND(TessPageIteratorBoundingBox);
    failed |= FIND(TessResultIteratorDelete);
    failed |= FIND(TessResultIteratorGetPageIteratorConst);
    failed |= FIND(TessResultIteratorNext);
    failed |= FIND(TessResultIteratorGetUTF8Text);
    failed |= FIND(TessResultIteratorConfidence);
    tess_loaded = failed == 0;
}

int veil_ocr_load(void) {
    pthread_once(&tess_once, load_tesseract);
    return tess_loaded ? VEIL_MEDIA_OK : VEIL_MEDIA_ENOLIB;
}

const char *veil_ocr_library_error(void) { return veil_ocr_load() == VEIL_MEDIA_OK ? "" : tess_error; }

const char *veil_ocr_version(void) { return veil_ocr_load() == VEIL_MEDIA_OK ? tess.TessVersion() : ""; }

struct veil_ocr {
    TessBaseAPI *api;
};

veil_ocr *veil_ocr_new(const char *language, char *error, size_t size) {
    if (veil_ocr_load() != VEIL_MEDIA_OK) {
        veil_media_set_message(error, size, tess_error);
        return NULL;
    }
    veil_ocr *ocr = calloc(1, sizeof *ocr);
    if (ocr == NULL) {
        veil_media_set_message(error, size, "out of memory");
        return NULL;
    }
    ocr->api = tess.TessBaseAPICreate();
    if (ocr->api == NULL) {
        free(ocr);
        veil_media_set_message(error, size, "TessBaseAPICreate failed");
        return NULL;
    }
    /* Tesseract's own diagnostics stay off standard error. */
    tess.TessBaseAPISetVariable(ocr->api, "debug_file", "/dev/null");
    if (tess.TessBaseAPIInit3(ocr->api, NULL, language) != 0) {
        snprintf(error, size,
                 "Tesseract has no data for the language \"%s\" (Debian: tesseract-ocr-%s; or set TESSDATA_PREFIX)",
                 language, language);
        tess.TessBaseAPIDelete(ocr->api);
        free(ocr);
        return NULL;
    }
    /* Keep the spaces between words as they are on the image (a terminal's columns). */
    tess.TessBaseAPISetVariable(ocr->api, "preserve_interword_spaces", "1");
    return ocr;
}

void veil_ocr_free(veil_ocr *ocr) {
    if (ocr == NULL) return;
    tess.TessBaseAPIEnd(ocr->api);
    tess.TessBaseAPIDelete(ocr->api);
    free(ocr);
}

int veil_ocr_recognize(veil_ocr *ocr, const uint8_t *gray, int width, int height, int bytes_per_line,
                       int page_seg_mode, veil_ocr_word_fn word, void *context) {
    if (ocr == NULL || gray == NULL || width <= 0 || height <= 0 || bytes_per_line < width || word == NULL) {
        return VEIL_MEDIA_EINVAL;
    }
    tess.TessBaseAPISetPageSegMode(ocr->api, page_seg_mode);
    tess.TessBaseAPISetImage(ocr->api, gray, width, height, 1, bytes_per_line);
    tess.TessBaseAPISetSourceResolution(ocr->api, 300);
    if (tess.TessBaseAPIRecognize(ocr->api, NULL) != 0) {
        tess.TessBaseAPIClear(ocr->api);
        return VEIL_MEDIA_ELIBRARY;
    }
    TessResultIterator *iterator = tess.TessBaseAPIGetIterator(ocr->api);
    int line = -1;
    if (iterator != NULL) {
        const TessPageIterator *page = tess.TessResultIteratorGetPageIteratorConst(iterator);
        do {
            if (tess.TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE)) line++;
            char *text = tess.TessResultIteratorGetUTF8Text(iterator, RIL_WORD);
            if (text == NULL) continue;
            int left = 0, top = 0, right = 0, bottom = 0;
            tess.TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom);
            float confidence = tess.TessResultIteratorConfidence(iterator, RIL_WORD);
            word(context, text, left, top, right, bottom, confidence, line < 0 ? 0 : line);
            tess.TessDeleteText(text);
        } while (tess.TessResultIteratorNext(iterator, RIL_WORD));
        tess.TessResultIteratorDelete(iterator);
    }
    tess.TessBaseAPIClear(ocr->api);
    return VEIL_MEDIA_OK;
}
