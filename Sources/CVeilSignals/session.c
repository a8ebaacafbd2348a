/* Killing every process of a session: the programs veil runs in a pty are session leaders
 * (setsid), and whatever they start stays in their session, in whatever process group it
 * makes (a job-control shell puts each job in a group of its own). Only async-signal-safe
 * calls (open, read, getdents64, kill), so the signal handler can use it too. */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "veil_session.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/syscall.h>

/* The session id and state of `pid` from /proc/PID/stat ("pid (comm) S ppid pgrp session ..."),
 * or -1 when it cannot be read. */
static pid_t session_of(const char *name, char *state) {
    char path[64] = "/proc/";
    size_t length = 6;
    for (const char *c = name; *c != '\0' && length < sizeof path - 6; c++) path[length++] = *c;
    const char *suffix = "/stat";
    for (const char *c = suffix; *c != '\0'; c++) path[length++] = *c;
    path[length] = '\0';
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char buffer[1024];
    ssize_t count;
    do {
        count = read(fd, buffer, sizeof buffer - 1);
    } while (count < 0 && errno == EINTR);
    close(fd);
    if (count <= 0) return -1;
    buffer[count] = '\0';
    /* The command name may hold spaces and parentheses: the fields start after the last ')'. */
    char *close_paren = NULL;
    for (char *c = buffer; *c != '\0'; c++) {
        if (*c == ')') close_paren = c;
    }
    if (close_paren == NULL || close_paren[1] != ' ') return -1;
    char *field = close_paren + 2;
    *state = *field;
    /* Skip state, ppid, pgrp: the session is the fourth field after the name. */
    for (int skip = 0; skip < 3; skip++) {
        while (*field != ' ' && *field != '\0') field++;
        if (*field == '\0') return -1;
        field++;
    }
    long value = 0;
    if (*field < '0' || *field > '9') return -1;
    while (*field >= '0' && *field <= '9') value = value * 10 + (*field++ - '0');
    return (pid_t)value;
}

struct linux_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

int veil_session_kill(pid_t session, int signo) {
    if (session <= 1) return 0;
    int total = 0;
    /* A process may fork while the list is read: read it again until a pass finds nothing
     * alive to signal (zombies are waiting for their parent and count as gone). */
    for (int pass = 0; pass < 16; pass++) {
        int fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) return total > 0 ? total : -1;
        int found = 0;
        char buffer[4096] __attribute__((aligned(8)));
        for (;;) {
            long count = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) break;
            for (long offset = 0; offset < count;) {
                struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
                offset += entry->d_reclen;
                const char *name = entry->d_name;
                if (name[0] < '1' || name[0] > '9') continue;
                char state = '?';
                if (session_of(name, &state) != session || state == 'Z' || state == 'X') continue;
                long pid = 0;
                for (const char *c = name; *c >= '0' && *c <= '9'; c++) pid = pid * 10 + (*c - '0');
                if (pid <= 1 || (pid_t)pid == getpid()) continue;
                pid_t group = getpgid((pid_t)pid);
                if (group > 1 && group != getpgrp()) kill(-group, signo);
                if (kill((pid_t)pid, signo) == 0) found++;
            }
        }
        close(fd);
        total += found;
        if (found == 0 || signo != SIGKILL) break;
    }
    return total;
}

#elif defined(__APPLE__)
#include <libproc.h>

int veil_session_kill(pid_t session, int signo) {
    if (session <= 1) return 0;
    int total = 0;
    for (int pass = 0; pass < 16; pass++) {
        pid_t pids[4096];
        int count = proc_listallpids(pids, (int)sizeof pids);
        if (count <= 0) return total > 0 ? total : -1;
        int found = 0;
        for (int i = 0; i < count; i++) {
            pid_t pid = pids[i];
            if (pid <= 1 || pid == getpid() || getsid(pid) != session) continue;
            pid_t group = getpgid(pid);
            if (group > 1 && group != getpgrp()) kill(-group, signo);
            if (kill(pid, signo) == 0) found++;
        }
        total += found;
        /* Zombies are not told apart here: one pass after the first that finds only them ends. */
        if (found == 0 || signo != SIGKILL || pass > 0) break;
    }
    return total;
}

#else
int veil_session_kill(pid_t session, int signo) {
    /* No portable way to list a session's members: its leader's group only. */
    if (session <= 1) return 0;
    return kill(-session, signo) == 0 ? 1 : -1;
}
#endif
