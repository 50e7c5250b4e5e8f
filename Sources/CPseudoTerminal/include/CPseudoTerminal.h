// CPseudoTerminal: spawn a process on a new pseudo-terminal for interactive tests, or with pipes
// (posix_spawn) for the non-interactive ones. Non-variadic wrappers Swift can call directly.
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

/// Spawns `path` with `argv`/`envp` in the directory `cwd` (NULL: the current one) with
/// posix_spawn: `stdin_fd`, `stdout_fd` and `stderr_fd` become its descriptors 0, 1 and 2
/// (-1: /dev/null), every other descriptor is closed, every signal has its default disposition
/// and none is blocked. No code of this process runs in the child (safe with many threads).
/// Stores the child in `*pid` and returns 0, or returns an errno value (nothing was started).
int cpt_spawn_piped(const char *path, char *const argv[], char *const envp[], const char *cwd,
                    int stdin_fd, int stdout_fd, int stderr_fd, pid_t *pid);

/// As `cpt_spawn_piped`; with `own_group` non-zero the child starts a process group of its own,
/// so that signals the terminal sends to the foreground group (Ctrl-C) do not reach it.
int cpt_spawn_piped_grouped(const char *path, char *const argv[], char *const envp[], const char *cwd,
                            int stdin_fd, int stdout_fd, int stderr_fd, int own_group, pid_t *pid);

/// Makes a pipe whose both ends are close-on-exec (pipe2 with O_CLOEXEC): `fds[0]` reads,
/// `fds[1]` writes. Returns 0, or -1 with errno set.
int cpt_pipe(int fds[2]);

#endif
