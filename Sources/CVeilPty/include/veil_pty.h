#ifndef VEIL_PTY_H
#define VEIL_PTY_H
/* The child side of running a program in a pseudo-terminal: fork, and in the child only
 * async-signal-safe calls (a multi-threaded Swift runtime must not run Swift code after
 * fork). The parent side (opening the pty, sizing it, reading, waiting) is Swift. */

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The step of the child's setup that failed (reported with its errno). */
enum veil_pty_step {
    VEIL_PTY_STEP_NONE = 0,
    VEIL_PTY_STEP_PIPE = 1,    /* the parent's exec-report pipe */
    VEIL_PTY_STEP_FORK = 2,    /* fork itself */
    VEIL_PTY_STEP_SETSID = 3,  /* a new session */
    VEIL_PTY_STEP_CTTY = 4,    /* TIOCSCTTY: the slave as controlling terminal */
    VEIL_PTY_STEP_DUP = 5,     /* dup2 of the slave to 0, 1, 2 */
    VEIL_PTY_STEP_CHDIR = 6,   /* the working directory */
    VEIL_PTY_STEP_EXEC = 7,    /* execve */
};

/* Starts `path` (resolved already: no PATH search in the child) with `argv` and `envp` in
 * a new session and process group whose controlling terminal is the pty slave `slave`
 * (an open descriptor; the caller closes its own copy afterwards). In the child: signal
 * mask emptied and every disposition back to default, setsid, TIOCSCTTY, the slave on
 * 0, 1 and 2, every other descriptor closed, `directory` (when not NULL) as working
 * directory, execve. A failure of any step is written to the parent through a
 * close-on-exec pipe, so this returns only once the exec succeeded or failed.
 *
 * The child is registered with the child guard (veil_childguard.h) right after the fork,
 * before it can run anything, so a signal that ends veil kills it.
 *
 * Returns 0, the child's pid (also its process group and session id) in `*pid` and its
 * guard slot in `*guard_slot` (to unregister once it is reaped), or -1 with `*step` and
 * `*error` (an errno value) saying what failed; a child that failed has been reaped. */
int veil_pty_spawn(const char *path, char *const argv[], char *const envp[], int slave, const char *directory,
                   pid_t *pid, int *guard_slot, int *step, int *error);

/* Opens a new pseudo-terminal: its master side in `*master` and its slave side in `*slave`
 * (both close-on-exec, the slave not made anyone's controlling terminal). Returns 0, or -1
 * with errno (nothing left open). */
int veil_pty_open(int *master, int *slave);

/* A pipe with O_CLOEXEC | O_NONBLOCK on both ends (a wake-up pipe): pipe2, or pipe and fcntl
 * where the system has no pipe2 (macOS). Returns 0, or -1 with errno. */
int veil_pty_wake_pipe(int fds[2]);

/* Whether `pid` (a child) has ended: 1 ended (not reaped yet: its process group can still
 * be killed before the pid is freed), 0 still running (or stopped), -1 with errno. */
int veil_pty_has_ended(pid_t pid);

/* A descriptor that becomes readable when `pid` ends (pidfd_open, Linux 5.3), close-on-exec;
 * -1 where the system has none (the caller then checks on a timer). */
int veil_pty_exit_descriptor(pid_t pid);

#ifdef __cplusplus
}
#endif

#endif
