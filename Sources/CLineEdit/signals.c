// CLineEdit signals: the SIGINT flag and self-pipe, which threads take which signal, and the
// SIGTERM/SIGHUP watcher that restores the terminal before Lyra dies of the signal.
#include "CLineEdit.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

/* Set by the SIGINT handler, taken by the editor thread or the interrupt monitor: one atomic swap. */
static atomic_int interrupted;
static int interrupt_pipe[2] = {-1, -1};
/* Run by the termination watcher (a normal thread, not a handler) before the process ends. */
static _Atomic(cle_termination_fn) termination_callback;

static void interrupt_handler(int signal_number) {
    (void)signal_number;
    int saved = errno;
    atomic_store(&interrupted, 1);
    if (interrupt_pipe[1] >= 0) {
        char byte = 1;
        ssize_t ignored = write(interrupt_pipe[1], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int cle_install_interrupt_handler(void) {
    if (interrupt_pipe[0] < 0) {
        if (pipe(interrupt_pipe) != 0) return -1;
        fcntl(interrupt_pipe[0], F_SETFD, FD_CLOEXEC);
        fcntl(interrupt_pipe[1], F_SETFD, FD_CLOEXEC);
        fcntl(interrupt_pipe[1], F_SETFL, O_NONBLOCK);
    }
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = interrupt_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; /* no SA_RESTART: el_wgets must return EINTR */
    if (sigaction(SIGINT, &action, NULL) != 0) return -1;
    return interrupt_pipe[0];
}

void cle_block_interrupts(int block) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    /* libedit redraws after `fg` and resizes only when SIGCONT/SIGWINCH interrupt its own read. */
    sigaddset(&set, SIGCONT);
    sigaddset(&set, SIGWINCH);
    pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

int cle_take_interrupt(void) { return atomic_exchange(&interrupted, 0) ? 1 : 0; }


static void termination_set(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
}

void cle_block_termination(void) {
    sigset_t set;
    termination_set(&set);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
}

/* Run by the watcher before the terminal is restored (set once, before the watcher starts). */

/* Waits for SIGTERM/SIGHUP (blocked in every thread, so libedit's handler, which re-sends the
 * signal to the whole process group, never sees them), restores the terminal, then dies of it. */
static void *termination_watcher(void *unused) {
    (void)unused;
    sigset_t set;
    termination_set(&set);
    int received = 0;
    while (sigwait(&set, &received) != 0) {}
    cle_termination_fn callback = atomic_load(&termination_callback);
    if (callback != NULL) callback(received);
    cle_restore_terminal();
    signal(received, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, received);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    raise(received);
    _exit(128 + received);
}

void cle_on_termination(cle_termination_fn callback) { atomic_store(&termination_callback, callback); }

int cle_start_termination_watcher(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, termination_watcher, NULL) != 0) return -1;
    return pthread_detach(thread);
}
