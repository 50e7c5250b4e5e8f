// CLineEdit: libedit wrappers, the prompt buffer, bracketed paste and the editor key, in C static
// storage. Every function here is called from the editor thread, except `cle_restore_terminal`
// (the termination watcher), which only reads what `cle_init` saved.
#include "CLineEdit.h"

#include <errno.h>
#include <histedit.h>
#include <langinfo.h>
#include <locale.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static EditLine *editor;
static HistoryW *line_history;
static wchar_t prompt_buffer[1024] = L"> ";
static cle_complete_fn complete_callback;
static cle_complete_fn edit_callback;
/* The terminal as Lyra found it, restored on SIGTERM/SIGHUP (read by the termination watcher). */
static struct termios original_terminal;
static atomic_int original_terminal_saved;
static atomic_int paste_mode_wanted;
static const char paste_on[] = "\033[?2004h";
static const char paste_off[] = "\033[?2004l";

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

/* Writes a terminal control sequence straight to stdout (libedit's own output is flushed first). */
static void write_control(const char *sequence, size_t length) {
    fflush(stdout);
    ssize_t ignored = write(STDOUT_FILENO, sequence, length);
    (void)ignored;
}

static void set_paste_mode(int on) {
    if (!atomic_load(&paste_mode_wanted)) return;
    if (on) write_control(paste_on, sizeof(paste_on) - 1);
    else write_control(paste_off, sizeof(paste_off) - 1);
}

/* Appends `ch` to the growing paste buffer; 0 when memory ran out. */
static int paste_append(wchar_t **buffer, size_t *length, size_t *capacity, wchar_t ch) {
    if (*length + 2 > *capacity) {
        size_t grown = *capacity * 2;
        wchar_t *bigger = realloc(*buffer, grown * sizeof(wchar_t));
        if (bigger == NULL) return 0;
        *buffer = bigger;
        *capacity = grown;
    }
    (*buffer)[(*length)++] = ch;
    return 1;
}

/* Bound to ESC[200~: reads the pasted text up to ESC[201~ and inserts it as one piece. Pasted
 * line breaks arrive as CR (or CR LF); each becomes one LF in the buffer, so Enter sends it all. */
static unsigned char paste_function(EditLine *el, int ch) {
    (void)ch;
    static const wchar_t end_marker[] = L"\033[201~";
    const size_t marker_length = 6;
    size_t length = 0, capacity = 4096;
    wchar_t *buffer = malloc(capacity * sizeof(wchar_t));
    if (buffer == NULL) return CC_ERROR;
    wchar_t c, previous = 0;
    while (el_wgetc(el, &c) == 1) {
        wchar_t stored = c == L'\r' ? L'\n' : c;
        if (!(c == L'\n' && previous == L'\r') && !paste_append(&buffer, &length, &capacity, stored)) break;
        previous = c;
        if (length >= marker_length && wmemcmp(buffer + length - marker_length, end_marker, marker_length) == 0) {
            length -= marker_length;
            break;
        }
    }
    buffer[length] = L'\0';
    int inserted = length == 0 ? 0 : el_winsertstr(el, buffer);
    free(buffer);
    return inserted == 0 ? CC_REFRESH : CC_ERROR;
}

/* Bound to Ctrl-X Ctrl-E: the terminal goes back to normal mode while the Swift side runs the editor. */
static unsigned char edit_trampoline(EditLine *el, int ch) {
    (void)ch;
    if (edit_callback == NULL) return CC_ERROR;
    set_paste_mode(0);
    el_set(el, EL_PREP_TERM, 0);
    unsigned char result = edit_callback();
    el_set(el, EL_PREP_TERM, 1);
    set_paste_mode(1);
    return result;
}

static void save_original_terminal(void) {
    if (tcgetattr(STDIN_FILENO, &original_terminal) == 0) atomic_store(&original_terminal_saved, 1);
    const char *term = getenv("TERM");
    int capable = isatty(STDOUT_FILENO) && !(term != NULL && strcmp(term, "dumb") == 0);
    atomic_store(&paste_mode_wanted, capable);
}

void cle_restore_terminal(void) {
    if (atomic_load(&paste_mode_wanted)) {
        ssize_t ignored = write(STDOUT_FILENO, paste_off, sizeof(paste_off) - 1);
        (void)ignored;
    }
    if (atomic_load(&original_terminal_saved)) {
        struct termios settings = original_terminal;
        settings.c_lflag |= ECHO | ICANON;
        /* Typed but unread input (half a hidden token) must not go to the shell; TCSAFLUSH could
         * block on a hung-up terminal, so flush and set separately. */
        tcflush(STDIN_FILENO, TCIFLUSH);
        tcsetattr(STDIN_FILENO, TCSANOW, &settings);
    }
}

/* libedit miscounts a double-width character (CJK) that an inserted or deleted character shifts:
 * it rewrites only its first cell and then steps the cursor back one column too few, so the next
 * cursor movement lands inside the character and the line is garbled. Without the terminal's
 * insert/delete-character capabilities libedit redraws the rest of the line instead, which counts
 * widths correctly. */
static void without_character_insert_and_delete(EditLine *el) {
    static const wchar_t *const capabilities[] = {L"im", L"ic", L"IC", L"ei", L"ip", L"dc", L"DC", L"dm", L"ed"};
    for (size_t index = 0; index < sizeof(capabilities) / sizeof(capabilities[0]); index++) {
        el_wset(el, EL_SETTC, capabilities[index], L"", NULL);
    }
}

int cle_init(const char *program, int history_size, cle_complete_fn complete, cle_complete_fn edit) {
    HistEventW event;
    save_original_terminal();
    editor = el_init(program, stdin, stdout, stderr);
    if (editor == NULL) return -1;
    line_history = history_winit();
    if (line_history == NULL) return -1;
    history_w(line_history, &event, H_SETSIZE, history_size);
    history_w(line_history, &event, H_SETUNIQUE, 1);
    complete_callback = complete;
    edit_callback = edit;
    el_wset(editor, EL_EDITOR, L"emacs");
    el_wset(editor, EL_SIGNAL, 1);
    without_character_insert_and_delete(editor);
    el_wset(editor, EL_PROMPT_ESC, prompt_function, L'\1');
    el_wset(editor, EL_HIST, history_w, line_history);
    el_wset(editor, EL_ADDFN, L"lyra-complete", L"Complete a command, argument or path", complete_trampoline);
    el_wset(editor, EL_BIND, L"^I", L"lyra-complete", NULL);
    el_wset(editor, EL_ADDFN, L"lyra-paste", L"Insert a bracketed paste as one piece", paste_function);
    el_wset(editor, EL_BIND, L"\033[200~", L"lyra-paste", NULL);
    el_wset(editor, EL_ADDFN, L"lyra-edit", L"Edit the line in $VISUAL or $EDITOR", edit_trampoline);
    el_wset(editor, EL_BIND, L"^X^E", L"lyra-edit", NULL);
    el_source(editor, NULL);
    return 0;
}

void cle_end(void) {
    set_paste_mode(0);
    if (editor != NULL) el_end(editor);
    if (line_history != NULL) history_wend(line_history);
    editor = NULL;
    line_history = NULL;
}

void cle_set_prompt(const wchar_t *prompt) {
    wcsncpy(prompt_buffer, prompt, sizeof(prompt_buffer) / sizeof(wchar_t) - 1);
    prompt_buffer[sizeof(prompt_buffer) / sizeof(wchar_t) - 1] = L'\0';
}

/* Echo and canonical mode off without discarding what was typed (TCSANOW): type-ahead is not
 * printed into a running line's output, and a Ctrl-D stays a key that libedit reads at the next
 * prompt. ISIG stays on: Ctrl-C still interrupts the running line. */
static void hold_type_ahead(void) {
    struct termios settings;
    if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &settings) != 0) return;
    settings.c_lflag &= ~(tcflag_t)(ECHO | ICANON);
    tcsetattr(STDIN_FILENO, TCSANOW, &settings);
}

const wchar_t *cle_gets(int *count, int *error_number) {
    set_paste_mode(1);
    errno = 0;
    const wchar_t *line = el_wgets(editor, count);
    *error_number = errno;
    set_paste_mode(0);
    // libedit has just put the terminal back in cooked mode; what is typed from now until the next
    // prompt is type-ahead. Held at once, on this thread: a Ctrl-D typed while the terminal were
    // still cooked would be an end-of-file the line discipline drops, and Lyra would stay at the
    // next prompt. libedit believes only cooked modes, so the next el_wgets still starts from its own.
    hold_type_ahead();
    return line;
}

const wchar_t *cle_line_before_cursor(int *length) {
    const LineInfoW *info = el_wline(editor);
    *length = (int)(info->cursor - info->buffer);
    return info->buffer;
}

const wchar_t *cle_line(int *length) {
    const LineInfoW *info = el_wline(editor);
    *length = (int)(info->lastchar - info->buffer);
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

char *cle_history_serialize(size_t *count) {
    // libedit writes only to a path (which it would follow through a symlink) or a FILE *:
    // an unlinked temporary file, read back whole.
    FILE *file = tmpfile();
    if (file == NULL) return NULL;
    HistEventW event;
    char *bytes = NULL;
    long length = -1;
    if (history_w(line_history, &event, H_SAVE_FP, file) >= 0 && fflush(file) == 0) length = ftell(file);
    if (length >= 0 && fseek(file, 0, SEEK_SET) == 0 && (bytes = malloc((size_t)length + 1)) != NULL) {
        if (fread(bytes, 1, (size_t)length, file) != (size_t)length) {
            free(bytes);
            bytes = NULL;
        }
    }
    fclose(file);
    *count = bytes == NULL ? 0 : (size_t)length;
    return bytes;
}

void cle_refresh(void) { el_set(editor, EL_REFRESH); }

int cle_begin_secret_input(struct termios *saved) {
    if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, saved) != 0) return -1;
    struct termios settings = *saved;
    // Canonical (the terminal does Backspace and Ctrl-U) and silent; TCSAFLUSH drops keys typed
    // before the prompt appeared, so nothing meant for elsewhere becomes part of the secret.
    settings.c_lflag |= ICANON;
    settings.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
    return tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings);
}

int cle_begin_cooked_terminal(struct termios *saved) {
    if (!atomic_load(&original_terminal_saved) || !isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, saved) != 0) return -1;
    struct termios settings = original_terminal;
    settings.c_lflag |= ECHO | ICANON;
    return tcsetattr(STDIN_FILENO, TCSANOW, &settings);
}

void cle_end_terminal_mode(const struct termios *saved) { tcsetattr(STDIN_FILENO, TCSANOW, saved); }
