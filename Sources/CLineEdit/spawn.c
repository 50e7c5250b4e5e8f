// CLineEdit spawn: runs a helper program (the user's editor, a clipboard tool) in the foreground
// and waits for it, with default signal handling restored and optional text fed to its stdin.
#define _GNU_SOURCE
#include "CLineEdit.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Lyra blocks or ignores some signals; the child starts with none blocked and defaults for these. */
static void reset_signals(posix_spawnattr_t *attributes) {
    sigset_t empty, defaults;
    sigemptyset(&empty);
    sigemptyset(&defaults);
    int reset[] = {SIGINT, SIGTERM, SIGHUP, SIGCONT, SIGWINCH, SIGTSTP, SIGQUIT, SIGPIPE};
    for (size_t index = 0; index < sizeof(reset) / sizeof(reset[0]); index++) sigaddset(&defaults, reset[index]);
    posix_spawnattr_setsigmask(attributes, &empty);
    posix_spawnattr_setsigdefault(attributes, &defaults);
    posix_spawnattr_setflags(attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
}

static void feed(int fd, const char *input, size_t length) {
    size_t offset = 0;
    while (offset < length) {
        ssize_t written = write(fd, input + offset, length - offset);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) break;
        offset += (size_t)written;
    }
    close(fd);
}

static int wait_for(pid_t child) {
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) return -1;
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

int cle_spawn_and_wait(char *const argv[], char *const envp[], const char *input, size_t length, int silent) {
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_init(&actions);
    reset_signals(&attributes);
    int pipe_fds[2] = {-1, -1};
    if (input != NULL) {
        if (pipe2(pipe_fds, O_CLOEXEC) != 0) return -1;
        posix_spawn_file_actions_adddup2(&actions, pipe_fds[0], STDIN_FILENO);
    }
    if (silent) {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    }
    // A program on the terminal (the user's editor) gets it in its normal mode, even while a line
    // runs and the terminal holds type-ahead; the mode found here comes back when it has ended.
    struct termios held;
    int uses_terminal = input == NULL && !silent && cle_begin_cooked_terminal(&held) == 0;
    pid_t child = 0;
    int failed = posix_spawnp(&child, argv[0], &actions, &attributes, argv, envp != NULL ? envp : environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (input != NULL) close(pipe_fds[0]);
    if (failed != 0) {
        if (input != NULL) close(pipe_fds[1]);
        if (uses_terminal) cle_end_terminal_mode(&held);
        errno = failed;
        return -1;
    }
    if (input != NULL) feed(pipe_fds[1], input, length);
    int status = wait_for(child);
    int saved_errno = errno;
    if (uses_terminal) cle_end_terminal_mode(&held);
    errno = saved_errno;
    return status;
}

int cle_spawn_and_capture(char *const argv[], char *const envp[], unsigned char *buffer, size_t capacity,
                          size_t *length) {
    *length = 0;
    int pipe_fds[2] = {-1, -1};
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) return -1;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_init(&actions);
    reset_signals(&attributes);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t child = 0;
    int failed = posix_spawnp(&child, argv[0], &actions, &attributes, argv, envp != NULL ? envp : environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(pipe_fds[1]);
    if (failed != 0) {
        close(pipe_fds[0]);
        errno = failed;
        return -1;
    }
    // Read to the end; what passes the capacity is drained and counted, so the child never blocks.
    unsigned char drain[4096];
    for (;;) {
        unsigned char *target = *length < capacity ? buffer + *length : drain;
        size_t room = *length < capacity ? capacity - *length : sizeof(drain);
        ssize_t got = read(pipe_fds[0], target, room);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        *length += (size_t)got;
    }
    close(pipe_fds[0]);
    return wait_for(child);
}
