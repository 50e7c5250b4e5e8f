// CLineEdit: libedit wrappers, the prompt buffer and the SIGINT flag, in C static storage.
// Every function here except the signal handler is called from one thread (the editor thread).
#include "CLineEdit.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <histedit.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static EditLine *editor;
static HistoryW *line_history;
static wchar_t prompt_buffer[1024] = L"> ";
static cle_complete_fn complete_callback;
static volatile sig_atomic_t interrupted;
static int interrupt_pipe[2] = {-1, -1};

void cle_setup_locale(void) {
    setlocale(LC_ALL, "");
    const char *ctype = setlocale(LC_CTYPE, NULL);
    if (ctype == NULL || strcmp(ctype, "C") == 0 || strcmp(ctype, "POSIX") == 0) {
        setlocale(LC_CTYPE, "C.UTF-8");
    }
}

static wchar_t *prompt_function(EditLine *el) {
    (void)el;
    return prompt_buffer;
}

static unsigned char complete_trampoline(EditLine *el, int ch) {
    (void)el;
    (void)ch;
    return complete_callback ? complete_callback() : CC_ERROR;
}

int cle_init(const char *program, int history_size, cle_complete_fn complete) {
    HistEventW event;
    editor = el_init(program, stdin, stdout, stderr);
    if (editor == NULL) return -1;
    line_history = history_winit();
    if (line_history == NULL) return -1;
    history_w(line_history, &event, H_SETSIZE, history_size);
    history_w(line_history, &event, H_SETUNIQUE, 1);
    complete_callback = complete;
    el_wset(editor, EL_EDITOR, L"emacs");
    el_wset(editor, EL_SIGNAL, 1);
    el_wset(editor, EL_PROMPT_ESC, prompt_function, L'\1');
    el_wset(editor, EL_HIST, history_w, line_history);
    el_wset(editor, EL_ADDFN, L"lyra-complete", L"Complete a command, argument or path", complete_trampoline);
    el_wset(editor, EL_BIND, L"^I", L"lyra-complete", NULL);
    el_source(editor, NULL);
    return 0;
}

void cle_end(void) {
    if (editor != NULL) el_end(editor);
    if (line_history != NULL) history_wend(line_history);
    editor = NULL;
    line_history = NULL;
}

void cle_set_prompt(const wchar_t *prompt) {
    wcsncpy(prompt_buffer, prompt, sizeof(prompt_buffer) / sizeof(wchar_t) - 1);
    prompt_buffer[sizeof(prompt_buffer) / sizeof(wchar_t) - 1] = L'\0';
}

const wchar_t *cle_gets(int *count, int *error_number) {
    errno = 0;
    const wchar_t *line = el_wgets(editor, count);
    *error_number = errno;
    return line;
}

const wchar_t *cle_line_before_cursor(int *length) {
    const LineInfoW *info = el_wline(editor);
    *length = (int)(info->cursor - info->buffer);
    return info->buffer;
}

int cle_insert(const wchar_t *text) { return el_winsertstr(editor, text); }

void cle_reset_line(void) {
    const LineInfoW *info = el_wline(editor);
    el_wdeletestr(editor, (int)(info->cursor - info->buffer));
    el_cursor(editor, (int)(info->lastchar - info->buffer));
    info = el_wline(editor);
    el_wdeletestr(editor, (int)(info->cursor - info->buffer));
}

void cle_history_enter(const wchar_t *line) {
    HistEventW event;
    history_w(line_history, &event, H_ENTER, line);
}

int cle_history_load(const char *path) {
    HistEventW event;
    return history_w(line_history, &event, H_LOAD, path);
}

int cle_history_save(const char *path) {
    HistEventW event;
    return history_w(line_history, &event, H_SAVE, path);
}

void cle_refresh(void) { el_set(editor, EL_REFRESH); }

static void interrupt_handler(int signal_number) {
    (void)signal_number;
    int saved = errno;
    interrupted = 1;
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
    pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

int cle_take_interrupt(void) {
    if (!interrupted) return 0;
    interrupted = 0;
    return 1;
}

int cle_set_echo(int on) {
    struct termios settings;
    if (tcgetattr(STDIN_FILENO, &settings) != 0) return -1;
    if (on) settings.c_lflag |= ECHO; else settings.c_lflag &= ~(tcflag_t)ECHO;
    return tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings);
}
