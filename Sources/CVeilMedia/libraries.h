#ifndef CVEILMEDIA_LIBRARIES_H
#define CVEILMEDIA_LIBRARIES_H
/* Private: the functions of giflib and libwebp that the codecs call, looked up once with
 * dlsym when a codec first needs them. The pointer types come from the libraries' own
 * headers (__typeof__ of each declaration), so a signature cannot drift. The headers' inline
 * helpers (WebPConfigInit, WebPDataClear, …) are never called: they would need the library
 * at link time; their *Internal entry points are called instead, with the headers' ABI
 * versions. */

#include <gif_lib.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

#define VEIL_API(name) __typeof__(name) *name

struct veil_gif_api {
    VEIL_API(EGifOpen);
    VEIL_API(EGifPutScreenDesc);
    VEIL_API(EGifSetGifVersion);
    VEIL_API(EGifPutExtensionLeader);
    VEIL_API(EGifPutExtensionBlock);
    VEIL_API(EGifPutExtensionTrailer);
    VEIL_API(EGifPutExtension);
    VEIL_API(EGifPutImageDesc);
    VEIL_API(EGifPutLine);
    VEIL_API(EGifPutCode);
    VEIL_API(EGifPutCodeNext);
    VEIL_API(EGifCloseFile);
    VEIL_API(EGifGCBToExtension);
    VEIL_API(DGifOpen);
    VEIL_API(DGifGetRecordType);
    VEIL_API(DGifGetImageDesc);
    VEIL_API(DGifGetLine);
    VEIL_API(DGifGetExtension);
    VEIL_API(DGifGetExtensionNext);
    VEIL_API(DGifExtensionToGCB);
    VEIL_API(DGifCloseFile);
    VEIL_API(GifMakeMapObject);
    VEIL_API(GifFreeMapObject);
    VEIL_API(GifErrorString);
};

struct veil_webp_api {
    /* libwebp */
    VEIL_API(WebPConfigInitInternal);
    VEIL_API(WebPConfigLosslessPreset);
    VEIL_API(WebPValidateConfig);
    VEIL_API(WebPPictureInitInternal);
    VEIL_API(WebPPictureFree);
    VEIL_API(WebPGetFeaturesInternal);
    VEIL_API(WebPFree);
    /* libwebpmux */
    VEIL_API(WebPAnimEncoderOptionsInitInternal);
    VEIL_API(WebPAnimEncoderNewInternal);
    VEIL_API(WebPAnimEncoderAdd);
    VEIL_API(WebPAnimEncoderAssemble);
    VEIL_API(WebPAnimEncoderGetError);
    VEIL_API(WebPAnimEncoderDelete);
    /* libwebpdemux */
    VEIL_API(WebPAnimDecoderOptionsInitInternal);
    VEIL_API(WebPAnimDecoderNewInternal);
    VEIL_API(WebPAnimDecoderGetInfo);
    VEIL_API(WebPAnimDecoderGetNext);
    VEIL_API(WebPAnimDecoderDelete);
};

#undef VEIL_API

/* The function tables, or NULL when the library could not be loaded (the reason is in
 * veil_media_library_error). Thread-safe; loaded once. */
const struct veil_gif_api *veil_gif_api(void);
const struct veil_webp_api *veil_webp_api(void);

#endif
