#ifndef VEIL_TERMGUARD_H
#define VEIL_TERMGUARD_H
/* The terminal guard of `veil shell`: while veil draws a program's screen on the user's
 * terminal, signals become bytes on a pipe that the event loop reads (no work in a handler),
 * and the bytes that put the terminal's modes back (alternate screen, mouse, cursor, …) are
 * kept where a handler can write them when veil ends without its event loop: a fatal signal
 * (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) or a second SIGTERM, SIGHUP or SIGINT
 * while the first is being handled. Those handlers write the reset bytes, stop the programs
 * and restore the saved terminal mode (veil_childguard_stop_all), then end veil as the signal
 * would have (a fatal signal goes on to the handler that was there before, or its default
 * action). Everything a handler does is async-signal-safe. */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most reset bytes kept. */
#define VEIL_TERMGUARD_RESET_MAX 2048

/* Starts guarding: makes the signal pipe (both ends close-on-exec and non-blocking) and routes
 * SIGWINCH, SIGCONT, SIGTSTP, SIGTERM, SIGHUP and SIGINT into it (each arrival writes the
 * signal's number as one byte), ignores SIGPIPE, and installs the fatal-signal handlers;
 * `terminal` is the descriptor the reset bytes go to. The previous dispositions are kept
 * for veil_termguard_end. Returns the pipe's read end, or -1 with errno (nothing changed). */
int veil_termguard_begin(int terminal);

/* Replaces the reset bytes (at most VEIL_TERMGUARD_RESET_MAX; longer ones are cut). Call it
 * from one thread only; a handler always sees a whole set, the old or the new. */
void veil_termguard_set_reset(const char *bytes, size_t length);

/* Writes the reset bytes to the terminal (async-signal-safe). */
void veil_termguard_write_reset(void);

/* Puts every disposition back as it was before veil_termguard_begin and closes the pipe. */
void veil_termguard_end(void);

#ifdef __cplusplus
}
#endif

#endif
