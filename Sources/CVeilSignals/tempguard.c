#define _POSIX_C_SOURCE 200809L
#include "veil_tempguard.h"
#include "veil_childguard.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* Slot states: 0 free, 1 being filled (the handler skips it), 2 holds a path. */
static char slot_paths[VEIL_TEMPGUARD_SLOTS][VEIL_TEMPGUARD_PATH_MAX];
/* The folder descriptor a slot's path is relative to (AT_FDCWD for a plain path). */
static int slot_folders[VEIL_TEMPGUARD_SLOTS];
static int slot_states[VEIL_TEMPGUARD_SLOTS];
static int installed;

int veil_tempguard_register_at(int folder, const char *path) {
    size_t length = strlen(path);
    if (length >= VEIL_TEMPGUARD_PATH_MAX) return -1;
    for (int i = 0; i < VEIL_TEMPGUARD_SLOTS; i++) {
        int expected = 0;
        if (__atomic_compare_exchange_n(&slot_states[i], &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
            memcpy(slot_paths[i], path, length + 1);
            slot_folders[i] = folder;
            __atomic_store_n(&slot_states[i], 2, __ATOMIC_RELEASE);
            return i;
        }
    }
    return -1;
}

int veil_tempguard_register(const char *path) { return veil_tempguard_register_at(AT_FDCWD, path); }

void veil_tempguard_unregister(int slot) {
    if (slot < 0 || slot >= VEIL_TEMPGUARD_SLOTS) return;
    __atomic_store_n(&slot_states[slot], 0, __ATOMIC_RELEASE);
}

int veil_tempguard_count(void) {
    int count = 0;
    for (int i = 0; i < VEIL_TEMPGUARD_SLOTS; i++) {
        if (__atomic_load_n(&slot_states[i], __ATOMIC_ACQUIRE) == 2) count++;
    }
    return count;
}

static void remove_and_exit(int signo) {
    /* Programs veil runs in a pty are killed and reaped, the user's terminal restored. */
    veil_childguard_stop_all();
    for (int i = 0; i < VEIL_TEMPGUARD_SLOTS; i++) {
        if (__atomic_load_n(&slot_states[i], __ATOMIC_ACQUIRE) == 2) unlinkat(slot_folders[i], slot_paths[i], 0);
    }
    _exit(128 + signo);
}

int veil_tempguard_install(void) {
    if (__atomic_exchange_n(&installed, 1, __ATOMIC_ACQ_REL)) return 0;
    const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction current;
        if (sigaction(signals[i], NULL, &current) != 0) return -1;
        /* A signal ignored by the parent (nohup, a background job) stays ignored. */
        if (current.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = remove_and_exit;
        sigfillset(&action.sa_mask);
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
        sigaddset(&unblock, signals[i]);
    }
    /* A parent that spawned us from a thread blocking these signals (a dispatch worker
     * does) passes its mask on; unblocked here, in the main thread, they reach the handler. */
    if (pthread_sigmask(SIG_UNBLOCK, &unblock, NULL) != 0) return -1;
    return 0;
}
