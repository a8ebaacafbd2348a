#ifndef VEIL_SESSION_H
#define VEIL_SESSION_H
/* Signals every process of a session, in every process group it made. */

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Sends `signo` to every process whose session id is `session` (and to its process group),
 * except veil itself: on Linux from /proc, on macOS from proc_listallpids and getsid,
 * elsewhere to the leader's group only. With SIGKILL the list is read again until no live
 * member is left (a process forking meanwhile is caught on the next pass; at most 16).
 * Async-signal-safe on Linux. Returns how many processes were signalled, -1 when the list
 * could not be read. A process that started a session of its own (setsid) is not a member. */
int veil_session_kill(pid_t session, int signo);

#ifdef __cplusplus
}
#endif

#endif
