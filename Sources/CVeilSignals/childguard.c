#define _POSIX_C_SOURCE 200809L
#include "veil_childguard.h"
#include "veil_session.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* 0: free; a pid: a running program (its process group). */
static pid_t slot_pids[VEIL_CHILDGUARD_SLOTS];
/* 0: no terminal to restore; 1: being saved; 2: `saved_mode` holds the mode of `saved_fd`. */
static int terminal_state;
static int saved_fd;
static struct termios saved_mode;

int veil_childguard_register(pid_t pid) {
    if (pid <= 0) return -1;
    for (int i = 0; i < VEIL_CHILDGUARD_SLOTS; i++) {
        pid_t expected = 0;
        if (__atomic_compare_exchange_n(&slot_pids[i], &expected, pid, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
            return i;
        }
    }
    return -1;
}

void veil_childguard_unregister(int slot) {
    if (slot < 0 || slot >= VEIL_CHILDGUARD_SLOTS) return;
    __atomic_store_n(&slot_pids[slot], 0, __ATOMIC_RELEASE);
}

void veil_childguard_save_terminal(int fd, const struct termios *mode) {
    __atomic_store_n(&terminal_state, 1, __ATOMIC_RELEASE);
    saved_fd = fd;
    memcpy(&saved_mode, mode, sizeof saved_mode);
    __atomic_store_n(&terminal_state, 2, __ATOMIC_RELEASE);
}

void veil_childguard_forget_terminal(void) {
    __atomic_store_n(&terminal_state, 0, __ATOMIC_RELEASE);
}

void veil_childguard_stop_all(void) {
    int saved = errno;
    for (int i = 0; i < VEIL_CHILDGUARD_SLOTS; i++) {
        pid_t pid = __atomic_load_n(&slot_pids[i], __ATOMIC_ACQUIRE);
        if (pid > 0) {
            kill(-pid, SIGKILL);
            veil_session_kill(pid, SIGKILL);
        }
    }
    for (int i = 0; i < VEIL_CHILDGUARD_SLOTS; i++) {
        pid_t pid = __atomic_exchange_n(&slot_pids[i], 0, __ATOMIC_ACQ_REL);
        if (pid <= 0) continue;
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
        }
    }
    if (__atomic_load_n(&terminal_state, __ATOMIC_ACQUIRE) == 2) {
        tcsetattr(saved_fd, TCSAFLUSH, &saved_mode);
    }
    errno = saved;
}

int veil_childguard_count(void) {
    int count = 0;
    for (int i = 0; i < VEIL_CHILDGUARD_SLOTS; i++) {
        if (__atomic_load_n(&slot_pids[i], __ATOMIC_ACQUIRE) > 0) count++;
    }
    return count;
}
