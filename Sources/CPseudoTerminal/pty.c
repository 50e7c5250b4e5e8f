// CPseudoTerminal: forkpty-based spawn and window-size ioctls for the test harness.
// The child runs only async-signal-safe calls between fork and execve.
#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/// In the child: default dispositions for every catchable signal and an empty mask, so the
/// program sees Ctrl-C (SIGINT from the terminal) even if the test process blocks or ignores it.
static void cpt_reset_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        (void)sigaction(signal_number, &action, NULL);
    }
    sigset_t empty;
    sigemptyset(&empty);
    (void)sigprocmask(SIG_SETMASK, &empty, NULL);
}

int cpt_spawn(const char *path, char *const argv[], char *const envp[], const char *cwd,
              unsigned short rows, unsigned short cols, int *master_fd, pid_t *pid) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = rows;
    size.ws_col = cols;

    int master = -1;
    pid_t child = forkpty(&master, NULL, NULL, &size);
    if (child < 0) {
        return -1;
    }
    if (child == 0) {
        cpt_reset_signals();
        // Descriptors other processes or tests leaked into this one stay out of the child.
        (void)close_range(3, ~0U, 0);
        if (cwd != NULL && chdir(cwd) != 0) {
            _exit(127);
        }
        execve(path, argv, envp);
        _exit(127);
    }
    (void)fcntl(master, F_SETFD, FD_CLOEXEC);
    *master_fd = master;
    *pid = child;
    return 0;
}

int cpt_set_window_size(int fd, unsigned short rows, unsigned short cols) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = rows;
    size.ws_col = cols;
    return ioctl(fd, TIOCSWINSZ, &size);
}

int cpt_get_window_size(int fd, unsigned short *rows, unsigned short *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) {
        return -1;
    }
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}
