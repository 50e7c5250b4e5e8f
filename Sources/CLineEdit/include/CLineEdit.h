// CLineEdit: a thin C shim over libedit for Swift (libedit's API is variadic, and Swift 6 cannot
// touch stdin/stdout). One editor per process, kept in C static storage. No logic lives here.
#ifndef CLINEEDIT_H
#define CLINEEDIT_H

#include <wchar.h>

/// Completion callback: called on the editor thread when Tab is pressed; returns a libedit CC_* code.
typedef unsigned char (*cle_complete_fn)(void);

/// libedit's completion return codes, re-exported for Swift.
enum { CLE_CC_REFRESH = 4, CLE_CC_REDISPLAY = 8, CLE_CC_ERROR = 6, CLE_CC_NORM = 0 };

/// Sets the locale from the environment, falling back to C.UTF-8 when LC_CTYPE is C/POSIX.
void cle_setup_locale(void);
/// Creates the editor on stdin/stdout/stderr in emacs mode with history and Tab completion. 0 on success.
int cle_init(const char *program, int history_size, cle_complete_fn complete);
/// Frees the editor and restores the terminal.
void cle_end(void);
/// Replaces the prompt (copied into static storage; \1 marks invisible sequences).
void cle_set_prompt(const wchar_t *prompt);
/// Reads one line. Returns NULL at end of input (count 0) or on a signal (count -1, errno EINTR).
const wchar_t *cle_gets(int *count, int *error_number);
/// The text of the current line before the cursor (valid until the next libedit call).
const wchar_t *cle_line_before_cursor(int *length);
/// Inserts text at the cursor. 0 on success.
int cle_insert(const wchar_t *text);
/// Clears the line buffer (after Ctrl-C).
void cle_reset_line(void);
/// Adds a line to the in-memory history (consecutive duplicates are not stored).
void cle_history_enter(const wchar_t *line);
/// Loads/saves the history file (libedit format). 0 or more on success, -1 on failure.
int cle_history_load(const char *path);
int cle_history_save(const char *path);
/// Moves to a fresh line and redraws the prompt (after printing completion candidates).
void cle_refresh(void);

/// Installs a SIGINT handler (no SA_RESTART) that sets a flag and writes a byte to a self-pipe.
/// Returns the read end of the pipe, or -1.
int cle_install_interrupt_handler(void);
/// Blocks (1) or unblocks (0) SIGINT for the calling thread. SIGINT must reach the thread that runs
/// el_wgets (to interrupt its read), so every other thread blocks it.
void cle_block_interrupts(int block);
/// Returns 1 and clears the flag when an interrupt arrived since the last call.
int cle_take_interrupt(void);

/// Turns terminal echo on stdin off (0) or back on (1). 0 on success.
int cle_set_echo(int on);

#endif
