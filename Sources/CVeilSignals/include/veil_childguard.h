#ifndef VEIL_CHILDGUARD_H
#define VEIL_CHILDGUARD_H
/* The child guard: process groups of programs veil runs in a pseudo-terminal, and the
 * mode of the user's terminal while veil holds it raw. The temporary-file guard's
 * SIGINT/SIGTERM/SIGHUP handler (veil_tempguard_install) kills and reaps every registered
 * group and restores the terminal before it removes temporary files and exits, so an
 * interrupted veil leaves no program running and no terminal in raw mode. Registration
 * is lock-free; the handler uses only async-signal-safe calls (kill, waitpid, tcsetattr). */

#include <sys/types.h>
#include <termios.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How many programs can be guarded at once; one beyond that is not guarded. */
#define VEIL_CHILDGUARD_SLOTS 64

/* Remembers `pid` (the leader of its own session and process group); returns the slot (>= 0) to pass
 * to veil_childguard_unregister, or -1 when every slot is taken. */
int veil_childguard_register(pid_t pid);
/* Forgets a slot (a negative slot is ignored). */
void veil_childguard_unregister(int slot);
/* Remembers the mode to restore on `fd` (the user's terminal) when a signal ends veil. */
void veil_childguard_save_terminal(int fd, const struct termios *mode);
/* Forgets the saved terminal mode (after restoring it). */
void veil_childguard_forget_terminal(void);
/* Kills (SIGKILL) every registered program's session (each process group in it,
 * veil_session_kill), reaps its leader and restores the saved
 * terminal mode; async-signal-safe (the signal handler calls it). */
void veil_childguard_stop_all(void);
/* How many programs are registered now (for tests). */
int veil_childguard_count(void);

#ifdef __cplusplus
}
#endif

#endif
