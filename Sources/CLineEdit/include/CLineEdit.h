// CLineEdit: a thin C shim over libedit for Swift (libedit's API is variadic, and Swift 6 cannot
// touch stdin/stdout), plus the signal and process plumbing that must be written in C. One editor
// per process, kept in C static storage.
#ifndef CLINEEDIT_H
#define CLINEEDIT_H

#include <stddef.h>
#include <termios.h>
#include <wchar.h>

/// Completion callback: called on the editor thread when Tab is pressed; returns a libedit CC_* code.
typedef unsigned char (*cle_complete_fn)(void);

/// libedit's completion return codes, re-exported for Swift.
enum { CLE_CC_REFRESH = 4, CLE_CC_REDISPLAY = 8, CLE_CC_ERROR = 6, CLE_CC_NORM = 0 };

/// Sets the locale from the environment, falling back to C.UTF-8 when LC_CTYPE is C/POSIX.
void cle_setup_locale(void);
/// Creates the editor on stdin/stdout/stderr in emacs mode with history, Tab completion, bracketed
/// paste (ESC[200~ … ESC[201~ inserted as one piece, CR → LF) and Ctrl-X Ctrl-E bound to `edit`
/// (called on the editor thread with the terminal in normal mode; returns a CC_* code). 0 on success.
int cle_init(const char *program, int history_size, cle_complete_fn complete, cle_complete_fn edit);
/// Frees the editor and restores the terminal.
void cle_end(void);
/// Replaces the prompt (copied into static storage; \1 marks invisible sequences).
void cle_set_prompt(const wchar_t *prompt);
/// Reads one line, with bracketed paste on while it reads (when stdout is a terminal that is not
/// `dumb`) and off again before it returns. Returns NULL at end of input (count 0) or on a signal (count -1, errno EINTR).
/// Returns with the terminal holding type-ahead (echo and canonical mode off, signals on) until the
/// next call: what is typed meanwhile is not printed, and a Ctrl-D stays a key libedit reads then.
const wchar_t *cle_gets(int *count, int *error_number);
/// The text of the current line before the cursor (valid until the next libedit call).
const wchar_t *cle_line_before_cursor(int *length);
/// The whole text of the current line (valid until the next libedit call).
const wchar_t *cle_line(int *length);
/// Inserts text at the cursor. 0 on success.
int cle_insert(const wchar_t *text);
/// Clears the line buffer (after Ctrl-C).
void cle_reset_line(void);
/// Adds a line to the in-memory history (consecutive duplicates are not stored).
void cle_history_enter(const wchar_t *line);
/// Loads the history file (libedit format). 0 or more on success, -1 on failure.
int cle_history_load(const char *path);
/// The in-memory history in libedit's file format, in a malloc'd buffer the caller frees (its
/// length in *count); NULL on failure. The caller writes it to the file (atomically, no symlinks).
char *cle_history_serialize(size_t *count);
/// Moves to a fresh line and redraws the prompt (after printing completion candidates).
void cle_refresh(void);

/// Installs a SIGINT handler (no SA_RESTART) that sets a flag and writes a byte to a self-pipe.
/// Returns the read end of the pipe, or -1.
int cle_install_interrupt_handler(void);
/// Blocks (1) or unblocks (0) SIGINT, SIGCONT and SIGWINCH for the calling thread. They must reach
/// the thread that runs el_wgets (to interrupt its read: Ctrl-C, redraw after `fg`, resize), so
/// every other thread blocks them.
void cle_block_interrupts(int block);
/// Returns 1 and clears the flag when an interrupt arrived since the last call.
int cle_take_interrupt(void);

/// Blocks SIGTERM and SIGHUP in the calling thread (call first thing on the main thread, so every
/// thread inherits it); `cle_start_termination_watcher` then takes them.
void cle_block_termination(void);
/// Called on the termination watcher's thread with the signal number, before the terminal is
/// restored and the process ends (clean-up such as removing partial files).
typedef void (*cle_termination_fn)(int signal_number);
/// Sets the clean-up the termination watcher runs first (NULL: none).
void cle_on_termination(cle_termination_fn callback);
/// Starts a thread that waits for SIGTERM/SIGHUP, restores the terminal and ends this process
/// (only this one, never its process group) by that signal (status 128 + n). 0 on success.
int cle_start_termination_watcher(void);

/// Turns bracketed paste off and puts back the terminal modes found at `cle_init` (echo on).
/// Async-signal-safe.
void cle_restore_terminal(void);

/// Runs `argv[0]` (looked up in PATH) with `envp` (NULL: this environment), an empty signal mask and
/// default signal actions, feeding `input` (NULL: the terminal's stdin stays) and, when `silent`,
/// sending its output to /dev/null. Returns its exit status (128 + n when killed), or -1 with errno.
int cle_spawn_and_wait(char *const argv[], char *const envp[], const char *input, size_t length, int silent);
/// Runs `argv[0]` (looked up in PATH) with `envp`, stdin and stderr on /dev/null, and reads its
/// stdout to the end into `buffer` (at most `capacity` bytes kept; `*length` counts all it wrote,
/// so more than `capacity` means it was cut). Returns its exit status, or -1 with errno.
int cle_spawn_and_capture(char *const argv[], char *const envp[], unsigned char *buffer, size_t capacity,
                          size_t *length);

/// Puts the terminal in canonical mode without echo for reading a secret, saving the current modes
/// in `saved` (and dropping keys typed before). 0 on success; -1 when stdin is not a terminal.
int cle_begin_secret_input(struct termios *saved);
/// Puts the terminal in the cooked mode found at `cle_init` (echo on) for a program that runs in the
/// foreground, saving the current modes in `saved`. 0 on success; -1 (nothing changed) otherwise.
int cle_begin_cooked_terminal(struct termios *saved);
/// Puts back the modes a `cle_begin_…` call saved.
void cle_end_terminal_mode(const struct termios *saved);

#endif
