#ifndef VEIL_TEMPGUARD_H
#define VEIL_TEMPGUARD_H
/* The temporary-file guard: paths of files being written (atomic writes before their
 * rename) that a SIGINT, SIGTERM or SIGHUP handler removes before the process exits with
 * 128 + the signal number. Registration is lock-free and the handler uses only
 * async-signal-safe calls (unlinkat, _exit), so an interrupted write leaves no temporary file. */

#ifdef __cplusplus
extern "C" {
#endif

/* How many writes can be in flight at once; a write beyond that is not guarded. */
#define VEIL_TEMPGUARD_SLOTS 32
/* The longest path a slot holds (including the terminating NUL). */
#define VEIL_TEMPGUARD_PATH_MAX 4096

/* Remembers `path`; returns the slot (>= 0) to pass to veil_tempguard_unregister, or -1
 * when the path is too long or every slot is taken. */
int veil_tempguard_register(const char *path);
/* Remembers `name` inside the open folder `folder` (removed with unlinkat, so a folder
 * renamed or swapped for a link afterwards is never followed); `folder` must stay open
 * until the slot is forgotten. Returns the slot, or -1 as veil_tempguard_register. */
int veil_tempguard_register_at(int folder, const char *name);
/* Forgets a slot returned by veil_tempguard_register (a negative slot is ignored). */
void veil_tempguard_unregister(int slot);
/* Installs the handler for SIGINT, SIGTERM and SIGHUP (those not ignored at start-up) and
 * unblocks them in the calling thread; call it from the main thread before starting others.
 * Returns 0, or -1 when sigaction fails. Idempotent. */
int veil_tempguard_install(void);
/* How many paths are registered now (for tests). */
int veil_tempguard_count(void);

#ifdef __cplusplus
}
#endif

#endif
