#define _GNU_SOURCE
#include "veil_termguard.h"
#include "veil_childguard.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* Signals routed into the pipe, and the fatal ones. */
static const int routed[] = {SIGWINCH, SIGCONT, SIGTSTP, SIGTERM, SIGHUP, SIGINT};
static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define ROUTED_COUNT (sizeof routed / sizeof routed[0])
#define FATAL_COUNT (sizeof fatal / sizeof fatal[0])

static struct sigaction previous_routed[ROUTED_COUNT];
static struct sigaction previous_fatal[FATAL_COUNT];
static struct sigaction previous_pipe;
static int pipe_ends[2] = {-1, -1};
static int terminal_fd = -1;
/* Set while guarding; a second ending signal while one waits in the pipe ends veil at once. */
static volatile sig_atomic_t active;
static volatile sig_atomic_t ending_seen;

/* Two buffers: the one `current` names is whole; the other is being written. */
static char reset_bytes[2][VEIL_TERMGUARD_RESET_MAX];
static size_t reset_lengths[2];
static int current;

void veil_termguard_set_reset(const char *bytes, size_t length) {
    int next = 1 - __atomic_load_n(&current, __ATOMIC_ACQUIRE);
    if (length > VEIL_TERMGUARD_RESET_MAX) length = VEIL_TERMGUARD_RESET_MAX;
    memcpy(reset_bytes[next], bytes, length);
    reset_lengths[next] = length;
    __atomic_store_n(&current, next, __ATOMIC_RELEASE);
}

void veil_termguard_write_reset(void) {
    int fd = __atomic_load_n(&terminal_fd, __ATOMIC_ACQUIRE);
    if (fd < 0) return;
    int index = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
    const char *bytes = reset_bytes[index];
    size_t left = reset_lengths[index];
    int saved = errno;
    /* The descriptor may be non-blocking: a full terminal gets what fits, a few tries. */
    for (int tries = 0; left > 0 && tries < 64; tries++) {
        ssize_t count = write(fd, bytes, left);
        if (count > 0) {
            bytes += count;
            left -= (size_t)count;
        } else if (count < 0 && errno != EINTR && errno != EAGAIN) {
            break;
        }
    }
    errno = saved;
}

static void routed_handler(int signo) {
    int saved = errno;
    if (active && (signo == SIGTERM || signo == SIGHUP || signo == SIGINT)) {
        if (ending_seen) {
            /* Asked twice: no waiting for the event loop. The programs are stopped and the
             * terminal restored here, then the handler that was there before runs (the
             * temporary-file guard removes a recording in flight) or the default action. */
            veil_termguard_write_reset();
            veil_childguard_stop_all();
            for (size_t i = 0; i < ROUTED_COUNT; i++) {
                if (routed[i] == signo) sigaction(signo, &previous_routed[i], NULL);
            }
            raise(signo); /* delivered when this handler returns */
            errno = saved;
            return;
        }
        ending_seen = 1;
    }
    unsigned char byte = (unsigned char)signo;
    if (pipe_ends[1] >= 0) {
        ssize_t ignored = write(pipe_ends[1], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

static void fatal_handler(int signo) {
    veil_termguard_write_reset();
    veil_childguard_stop_all();
    /* On to what was there before (a crash reporter), or the default action. */
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        if (fatal[i] == signo) sigaction(signo, &previous_fatal[i], NULL);
    }
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(signo);
}

/* The self-pipe, close-on-exec and non-blocking at both ends: pipe2 where it exists
   (Linux), else pipe and fcntl (macOS; no other thread forks while it is made). */
static int open_pipe(int ends[2]) {
#if defined(__linux__)
    return pipe2(ends, O_CLOEXEC | O_NONBLOCK);
#else
    if (pipe(ends) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        int fd_flags = fcntl(ends[i], F_GETFD);
        int status_flags = fcntl(ends[i], F_GETFL);
        if (fd_flags < 0 || status_flags < 0 || fcntl(ends[i], F_SETFD, fd_flags | FD_CLOEXEC) != 0
            || fcntl(ends[i], F_SETFL, status_flags | O_NONBLOCK) != 0) {
            close(ends[0]);
            close(ends[1]);
            return -1;
        }
    }
    return 0;
#endif
}

int veil_termguard_begin(int terminal) {
    if (open_pipe(pipe_ends) != 0) {
        pipe_ends[0] = pipe_ends[1] = -1;
        return -1;
    }
    __atomic_store_n(&terminal_fd, terminal, __ATOMIC_RELEASE);
    ending_seen = 0;
    active = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = routed_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < ROUTED_COUNT; i++) {
        sigaction(routed[i], NULL, &previous_routed[i]);
        /* A signal ignored by the parent (nohup) stays ignored. */
        if (previous_routed[i].sa_handler == SIG_IGN && routed[i] != SIGWINCH && routed[i] != SIGCONT) continue;
        sigaction(routed[i], &action, NULL);
    }
    struct sigaction crash;
    memset(&crash, 0, sizeof crash);
    crash.sa_handler = fatal_handler;
    sigfillset(&crash.sa_mask);
    crash.sa_flags = SA_RESETHAND | SA_NODEFER;
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaction(fatal[i], &crash, &previous_fatal[i]);
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, &previous_pipe);
    /* The routed signals reach this thread (a parent may have blocked them). */
    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t i = 0; i < ROUTED_COUNT; i++) sigaddset(&unblock, routed[i]);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    return pipe_ends[0];
}

void veil_termguard_end(void) {
    active = 0;
    for (size_t i = 0; i < ROUTED_COUNT; i++) sigaction(routed[i], &previous_routed[i], NULL);
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaction(fatal[i], &previous_fatal[i], NULL);
    sigaction(SIGPIPE, &previous_pipe, NULL);
    __atomic_store_n(&terminal_fd, -1, __ATOMIC_RELEASE);
    if (pipe_ends[0] >= 0) close(pipe_ends[0]);
    if (pipe_ends[1] >= 0) close(pipe_ends[1]);
    pipe_ends[0] = pipe_ends[1] = -1;
}
