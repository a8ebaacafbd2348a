#define _GNU_SOURCE
#include "veil_pty.h"
#include "veil_childguard.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* Platform features, tested here and nowhere else: Linux and the BSDs have pipe2 and take
 * O_CLOEXEC in posix_openpt; macOS has neither, so there the flags are set right after the
 * call. (A program another thread started in between would inherit the descriptors; veil
 * starts programs only through this file, one at a time.) */
#if defined(__linux__) || defined(__FreeBSD__) || defined(__NetBSD__) || defined(__OpenBSD__) || \
    defined(__DragonFly__)
#define VEIL_HAVE_PIPE2 1
#define VEIL_OPENPT_CLOEXEC O_CLOEXEC
#else
#define VEIL_HAVE_PIPE2 0
#define VEIL_OPENPT_CLOEXEC 0
#endif

/* Sets close-on-exec, and with `nonblocking` O_NONBLOCK, on `fd`; 0, or -1 with errno. */
static int set_flags(int fd, int nonblocking) {
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) return -1;
    if (nonblocking) {
        int flags = fcntl(fd, F_GETFL);
        if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) return -1;
    }
    return 0;
}

/* pipe2(fds, O_CLOEXEC [| O_NONBLOCK]), or pipe and fcntl where there is no pipe2. */
static int pipe_cloexec(int fds[2], int nonblocking) {
#if VEIL_HAVE_PIPE2
    return pipe2(fds, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0));
#else
    if (pipe(fds) != 0) return -1;
    if (set_flags(fds[0], nonblocking) != 0 || set_flags(fds[1], nonblocking) != 0) {
        int saved = errno;
        close(fds[0]);
        close(fds[1]);
        errno = saved;
        return -1;
    }
    return 0;
#endif
}

/* The descriptor the child reports a failed step on (kept close-on-exec). */
#define REPORT_FD 3

/* Writes the failed step and errno to the report pipe and exits; async-signal-safe. */
static void report_and_exit(int step, int code) {
    int message[2] = {step, code};
    ssize_t ignored = write(REPORT_FD, message, sizeof message);
    (void)ignored;
    _exit(127);
}

/* Closes every descriptor from `first` up; async-signal-safe. */
static void close_from(int first) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return;
#endif
    struct rlimit limit;
    long last = 65536;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && (long)limit.rlim_cur < last) {
        last = (long)limit.rlim_cur;
    }
    for (long fd = first; fd < last; fd++) close((int)fd);
}

/* The child, between fork and exec: only async-signal-safe calls. */
static void child(const char *path, char *const argv[], char *const envp[], int slave, int report,
                  const char *directory, pid_t parent) {
    /* The report pipe goes to fd 3 first (the slave may sit there), close-on-exec again. */
    int slave_fd = slave;
    if (slave_fd == REPORT_FD) {
        slave_fd = fcntl(slave, F_DUPFD, REPORT_FD + 1);
        if (slave_fd < 0) _exit(127);
    }
    if (report != REPORT_FD) {
        if (dup2(report, REPORT_FD) < 0) _exit(127);
    }
    fcntl(REPORT_FD, F_SETFD, FD_CLOEXEC);

    /* Signals: every disposition back to default (an ignored SIGPIPE or SIGHUP would
     * survive exec), then an empty mask. */
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    for (int signo = 1; signo < NSIG; signo++) {
        if (signo == SIGKILL || signo == SIGSTOP) continue;
        sigaction(signo, &action, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);

    if (setsid() < 0) report_and_exit(VEIL_PTY_STEP_SETSID, errno);
    if (ioctl(slave_fd, TIOCSCTTY, 0) < 0) report_and_exit(VEIL_PTY_STEP_CTTY, errno);
    for (int fd = 0; fd <= 2; fd++) {
        if (slave_fd != fd && dup2(slave_fd, fd) < 0) report_and_exit(VEIL_PTY_STEP_DUP, errno);
    }
    /* 0, 1, 2 are the slave, 3 the report pipe; nothing else reaches the program. */
    close_from(REPORT_FD + 1);
    if (directory != NULL && chdir(directory) < 0) report_and_exit(VEIL_PTY_STEP_CHDIR, errno);
    /* A signal that ended veil between the fork and its registration of this child found
     * nothing to kill: the child was handed to another parent, and does not start. */
    if (getppid() != parent) _exit(127);
    execve(path, argv, envp);
    report_and_exit(VEIL_PTY_STEP_EXEC, errno);
}

int veil_pty_spawn(const char *path, char *const argv[], char *const envp[], int slave, const char *directory,
                   pid_t *pid, int *guard_slot, int *step, int *error) {
    *step = VEIL_PTY_STEP_NONE;
    *error = 0;
    int report[2];
    if (pipe_cloexec(report, 0) != 0) {
        *step = VEIL_PTY_STEP_PIPE;
        *error = errno;
        return -1;
    }
    pid_t parent = getpid();
    pid_t child_pid = fork();
    if (child_pid < 0) {
        *step = VEIL_PTY_STEP_FORK;
        *error = errno;
        close(report[0]);
        close(report[1]);
        return -1;
    }
    if (child_pid == 0) {
        close(report[0]);
        child(path, argv, envp, slave, report[1], directory, parent);
        _exit(127); /* not reached */
    }
    /* Registered at once, before the program can run: a SIGINT of veil from now on kills it. */
    int slot = veil_childguard_register(child_pid);
    close(report[1]);
    int message[2] = {0, 0};
    ssize_t count;
    do {
        count = read(report[0], message, sizeof message);
    } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == (ssize_t)sizeof message) {
        int status;
        while (waitpid(child_pid, &status, 0) < 0 && errno == EINTR) {
        }
        veil_childguard_unregister(slot);
        *step = message[0];
        *error = message[1];
        return -1;
    }
    *guard_slot = slot;
    /* End of file: the exec succeeded and closed the pipe. */
    *pid = child_pid;
    return 0;
}

int veil_pty_has_ended(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return -1;
    return info.si_pid == pid ? 1 : 0;
}

int veil_pty_exit_descriptor(pid_t pid) {
#ifdef SYS_pidfd_open
    long fd = syscall(SYS_pidfd_open, pid, 0);
    if (fd >= 0) {
        fcntl((int)fd, F_SETFD, FD_CLOEXEC);
        return (int)fd;
    }
#endif
    (void)pid;
    return -1;
}

int veil_pty_open(int *master, int *slave) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY | VEIL_OPENPT_CLOEXEC);
    if (fd < 0) return -1;
    if (VEIL_OPENPT_CLOEXEC == 0 && set_flags(fd, 0) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    char name[128];
    if (grantpt(fd) != 0 || unlockpt(fd) != 0 || ptsname_r(fd, name, sizeof name) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    int other = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (other < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    *master = fd;
    *slave = other;
    return 0;
}

int veil_pty_wake_pipe(int fds[2]) {
    return pipe_cloexec(fds, 1);
}
