// CPseudoTerminal: posix_spawn with the three standard descriptors given, for `runProcess`.
// Foundation's Process is not used: it crashed under a parallel test run on a loaded machine.
#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

/// Makes `fd` (or /dev/null when it is -1) the child's descriptor `target`.
static int cpt_connect(posix_spawn_file_actions_t *actions, int fd, int target) {
    if (fd < 0) {
        return posix_spawn_file_actions_addopen(actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0);
    }
    return posix_spawn_file_actions_adddup2(actions, fd, target);
}

int cpt_spawn_piped(const char *path, char *const argv[], char *const envp[], const char *cwd,
                    int stdin_fd, int stdout_fd, int stderr_fd, pid_t *pid) {
    return cpt_spawn_piped_grouped(path, argv, envp, cwd, stdin_fd, stdout_fd, stderr_fd, 0, pid);
}

int cpt_spawn_piped_grouped(const char *path, char *const argv[], char *const envp[], const char *cwd,
                            int stdin_fd, int stdout_fd, int stderr_fd, int own_group, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int failed = posix_spawn_file_actions_init(&actions);
    if (failed != 0) {
        return failed;
    }
    failed = posix_spawnattr_init(&attributes);
    if (failed != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return failed;
    }
    sigset_t empty, all;
    sigemptyset(&empty);
    sigfillset(&all);
    failed = posix_spawnattr_setsigmask(&attributes, &empty);
    if (failed == 0) failed = posix_spawnattr_setsigdefault(&attributes, &all);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (own_group ? POSIX_SPAWN_SETPGROUP : 0);
    // In a process group of its own, the child does not get the terminal's Ctrl-C (SIGINT to the
    // foreground group): the parent decides when it ends.
    if (failed == 0 && own_group) failed = posix_spawnattr_setpgroup(&attributes, 0);
    if (failed == 0) failed = posix_spawnattr_setflags(&attributes, flags);
    if (failed == 0) failed = cpt_connect(&actions, stdin_fd, STDIN_FILENO);
    if (failed == 0) failed = cpt_connect(&actions, stdout_fd, STDOUT_FILENO);
    if (failed == 0) failed = cpt_connect(&actions, stderr_fd, STDERR_FILENO);
    // Descriptors other tests opened without close-on-exec stay out of the child.
    if (failed == 0) failed = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (failed == 0 && cwd != NULL) failed = posix_spawn_file_actions_addchdir_np(&actions, cwd);
    if (failed == 0) failed = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return failed;
}

int cpt_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}
