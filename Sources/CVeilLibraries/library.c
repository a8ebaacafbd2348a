#include "veil_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t veil_library_lock = PTHREAD_MUTEX_INITIALIZER;

int veil_library_load(veil_library *library) {
    if (library == NULL || library->file_names == NULL) return -1;
    pthread_mutex_lock(&veil_library_lock);
    if (library->state == 0) {
        library->state = -1;
        library->error[0] = '\0';
        // The first copy that exists but would not load says why; when none exists, the
        // names tried do.
        char tried[sizeof library->error] = "";
        for (const char *const *name = library->file_names; *name != NULL; name++) {
            void *handle = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
            if (handle != NULL) {
                library->handle = handle;
                library->state = 1;
                break;
            }
            const char *reason = dlerror();
            int absent = reason == NULL || strstr(reason, "No such file") != NULL
                || strstr(reason, "no such file") != NULL || strstr(reason, "image not found") != NULL;
            if (!absent && library->error[0] == '\0') {
                snprintf(library->error, sizeof library->error, "%s", reason);
            }
            size_t used = strlen(tried);
            snprintf(tried + used, sizeof tried - used, "%s%s", used == 0 ? "" : ", ", *name);
        }
        if (library->state != 1 && library->error[0] == '\0') {
            snprintf(library->error, sizeof library->error, "not found as %s", tried);
        }
    }
    int result = library->state == 1 ? 0 : -1;
    pthread_mutex_unlock(&veil_library_lock);
    return result;
}

void *veil_library_symbol(veil_library *library, const char *symbol) {
    if (library == NULL || symbol == NULL) return NULL;
    pthread_mutex_lock(&veil_library_lock);
    void *handle = library->state == 1 ? library->handle : NULL;
    pthread_mutex_unlock(&veil_library_lock);
    return handle != NULL ? dlsym(handle, symbol) : NULL;
}
