// CPseudoTerminal: spawn a process on a new pseudo-terminal for interactive tests.
// Non-variadic wrappers over forkpty/ioctl so Swift can call them directly.
#ifndef CPSEUDOTERMINAL_H
#define CPSEUDOTERMINAL_H

#include <sys/types.h>

/// Spawns `path` with `argv`/`envp` on a new pseudo-terminal of `rows` x `cols`, in the
/// directory `cwd` (NULL: the current one).
/// The child gets the terminal's slave side as its controlling terminal, stdin, stdout and
/// stderr, default signal dispositions and an empty signal mask; it exits 127 when exec fails.
/// On success stores the master side (close-on-exec) in `*master_fd`, the child in `*pid`
/// and returns 0; on failure returns -1 with errno set.
int cpt_spawn(const char *path, char *const argv[], char *const envp[], const char *cwd,
              unsigned short rows, unsigned short cols, int *master_fd, pid_t *pid);

/// Sets the window size of the terminal behind `fd` (TIOCSWINSZ); the kernel then sends
/// SIGWINCH to its foreground process group. Returns 0, or -1 with errno set.
int cpt_set_window_size(int fd, unsigned short rows, unsigned short cols);

/// Reads the window size of the terminal behind `fd` (TIOCGWINSZ). Returns 0, or -1 with errno set.
int cpt_get_window_size(int fd, unsigned short *rows, unsigned short *cols);

#endif
