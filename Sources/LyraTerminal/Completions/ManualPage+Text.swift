// The fixed prose of the manual page (docs/lyra.1): everything but the OPTIONS and COMMANDS
// sections, which `ManualPage` makes from the option table and the command catalog.
import Foundation

extension ManualPage {
    /// From the title to the end of DESCRIPTION.
    static let opening = #"""
.\" Manual page for lyra, the line-oriented AI assistant for the terminal.
.\" View with: man -l docs/lyra.1
.TH LYRA 1 "2026" "lyra 0.1.0" "User Commands"
.SH NAME
lyra \- AI chat, writing help and short videos in the terminal
.SH SYNOPSIS
.B lyra
.RI [ OPTIONS ]
.br
.B lyra
.RI [ OPTIONS ]
.B \-c
.I LINE
.RB [ \-c
.IR LINE " ...]"
.br
.B lyra
.RI [ OPTIONS ]
.B \-f
.I FILE
.br
.B lyra
.RI [ OPTIONS ]
.RB [ \-\- ]
.I PROMPT ...
.br
.B lyra serve
.RB [ \-\-host
.IR H ]
.RB [ \-\-port
.IR P ]
.RB [ \-\-allow\-remote ]
.RB [ \-\-test\-controls ]
.br
.B lyra
.BR \-\-help " | " \-\-version " | " \-\-completions
.I SHELL
.SH DESCRIPTION
.B lyra
holds a chat conversation with an AI assistant, keeps it in saved sessions,
and runs slash commands for writing help
.RB ( /improve ),
short videos made from photos
.RB ( /video )
and subscriptions
.RB ( /subscribe ).
.PP
When standard input and standard output are terminals,
.B lyra
starts a read\-eval\-print loop with line editing, history and Tab completion.
Otherwise it reads a script from standard input: no prompt, no colour, data on
standard output, diagnostics on standard error as
.IR "lyra: line N: MESSAGE" .
The same language serves both: a line starting with
.B /
is a command, anything else is a chat message, and
.B \(dq\(dq\(dq
alone on a line opens a multi\-line block that ends at the next such line.
In scripts, lines starting with
.B #
are comments.
.PP
With a
.IR PROMPT ,
.B lyra
sends the words, joined by spaces, as one chat message, prints the reply as a
script would, and exits with a script's status.
The words that are not options are the prompt, wherever they stand
.RB ( "lyra what is rust \-m ollama:qwen3" ),
and everything after
.B \-\-
is always the prompt
.RB ( "lyra \-\- \-c"
sends
.IR \-c ).
A first word
.B serve
is the subcommand.
When standard input is not a terminal it is data, not a script: it is sent
after the prompt and a blank line
.RB ( "cat notes.md | lyra summarise this" ).
It must be UTF\-8 text of at most 16 MiB.
.B \-c
and
.B \-f
never attach standard input to a message (only
.B /improve \-
reads it, when asked).
.PP
A line starting with
.B //
sends the message that follows the first slash.
A command may be shortened to any unique beginning of its name
.RB ( /sess
is
.BR /sessions );
an unknown name suggests the nearest one.
.PP
On the first interactive start with nothing configured,
.B lyra
shows a short welcome that asks for the backend URL and token; every
question can be skipped, and the welcome is not shown again.
"""#

    /// What `lyra serve` is, before its options.
    static let serveIntroduction = #"""
Runs the local backend (the app backend and Apphud, canned and deterministic)
in the foreground.
Ctrl\-C (SIGINT) stops it at once with exit status 0; SIGTERM and SIGHUP end it
at once by that signal.
It holds at most 64 connections (one more is answered 503 and closed), gives a
client 10 s to send a request head, takes bodies of at most 100 MiB (413) and
256 MiB of bodies from all connections together (503).
"""#

    /// From REPL KEYS to the end.
    static let closing = #"""
.SH "REPL KEYS"
Editing is libedit's emacs mode.
.TP
.B Tab
Complete a command, sub-command, session, template or path.
.TP
.B Ctrl\-C
Clear the line at the prompt; cancel the running request while one runs.
.TP
.B Ctrl\-D
Leave, on an empty line.
.TP
.B Ctrl\-X Ctrl\-E
Open the line in
.BR $VISUAL ,
else
.BR $EDITOR ,
else
.B vi
(split like a shell would), on a temporary file of mode 0600 that is removed afterwards;
the saved text replaces the line.
.TP
.B Paste
With bracketed paste (turned on while a line is read), a paste of any number of lines is
inserted as one piece and sent as one message on Enter; no pasted line runs on its own.
.TP
.B Ctrl\-Z
Suspend; after
.B fg
the prompt and the typed text are drawn again.
.TP
\(ua \(da Enter Esc q
In the
.B /subscribe
picker: choose a plan, buy it, close.
.PP
Lines that carry a secret
.RB ( "/login TOKEN" ,
.BR "/settings set apphudAPIKey VALUE" )
are never written to the history file.
SIGTERM or SIGHUP at the prompt restore the terminal and end only
.B lyra
(status 143 or 129).
.SH FILES
.TP
.I $XDG_CONFIG_HOME/lyra/config.json
Settings written by
.BR "/settings set" .
.TP
.I $XDG_CONFIG_HOME/lyra/credentials.json
The backend token and the Apphud key; mode 0600.
A file readable by group or others is refused (fix it with
.BR "chmod 600" ).
.TP
.I $XDG_DATA_HOME/lyra/sessions/
One JSON file per chat session.
.TP
.I $XDG_STATE_HOME/lyra/history
Line\-editor history (mode 0600, at most 1000 entries).
.TP
.I $XDG_STATE_HOME/lyra/user\-id
The anonymous user id, made on first run.
.TP
.I $XDG_STATE_HOME/lyra/onboarding\-shown
Records that the first\-run welcome was shown.
.TP
.I $XDG_STATE_HOME/lyra/videos.json
The last 20 videos started (id, template, status, saved path), for
.BR "/video list" " and " "/video download" .
.TP
.I $XDG_STATE_HOME/lyra/rate\-prompt.json
Counts of successful replies and videos for the one\-time rating invitation.
.PP
When unset (or not absolute),
.B XDG_CONFIG_HOME
is
.IR ~/.config ,
.B XDG_DATA_HOME
is
.I ~/.local/share
and
.B XDG_STATE_HOME
is
.IR ~/.local/state .
.SH ENVIRONMENT
Settings are taken from, highest first: a command\-line flag, the environment,
the config file, the default.
.TP
.B LYRA_BASE_URL
The app backend's base URL (config key
.BR baseURL ).
Plain http is accepted only for loopback hosts unless
.B allowInsecureHTTP
is true.
.TP
.B LYRA_TOKEN
The backend token (otherwise from the credentials file).
.TP
.B LYRA_USER_ID
The user id sent with every request
.RB ( userID ).
.TP
.B LYRA_APP_ID
The app id
.RB ( appID ,
default
.BR lyra.cli ).
.TP
.B LYRA_LOCALE
The language of chat replies
.RB ( locale ,
default from
.BR LANG ).
.TP
.BR LYRA_APPHUD_URL ", " LYRA_APPHUD_API_KEY ", " LYRA_PLACEMENT
The Apphud gateway, key and placement
.RB ( apphudURL ,
.BR placement ).
.TP
.B LYRA_VIDEO_DIR
Where videos are saved
.RB ( videoDirectory ,
default the current directory).
.TP
.BR LYRA_VIDEO_POLL_INTERVAL ", " LYRA_VIDEO_MAX_POLLS
Seconds between video status polls (default 3) and their maximum number (default 40).
.TP
.BR LYRA_PURCHASE_POLL_INTERVAL ", " LYRA_PURCHASE_TIMEOUT
Seconds between purchase checks (default 2) and before a purchase gives up (default 300).
.TP
.B LYRA_PREMIUM
.B 1
or
.B 0
forces the premium state.
.TP
.B LYRA_ALLOW_INSECURE_HTTP
Allow plain http to hosts other than loopback.
.TP
.BR LYRA_RATE_URL ", " LYRA_RATE_PROMPT
Where the one\-time rating invitation points (default
.IR https://github.com/lyra\-cli/lyra )
and whether it may be shown (default on).
It appears once, on a terminal, after the 5th video or the 20th chat reply.
.TP
.B LYRA_REQUEST_TIMEOUT
Seconds one request may take, replacing the defaults (chat and
.B /improve
120, lists, polls and Apphud 30, upload 300, download 1800, the first byte of a
streamed reply 120).
A streamed reply may also go at most 120 seconds without a byte; the variable does not change that.
.TP
.BR LYRA_MODEL ", " LYRA_WRITING_MODEL
The chat model
.RI ( PROVIDER:MODEL ,
a bare
.I MODEL
of the current provider, or a
.I PROVIDER
alone for its first model)
and the model
.B /improve
uses.
.TP
.B LYRA_CONTEXT_MESSAGES
How many earlier messages are sent with each turn (0: all).
.TP
.B LYRA_RENDER
.B markdown
(default) or
.BR plain .
.TP
.BR OPENAI_BASE_URL ", " OPENAI_API_KEY
The
.B openai
provider's URL (default
.IR https://api.openai.com/v1 )
and key.
With no model chosen anywhere, a set
.B OPENAI_BASE_URL
gives its first model (Lyra says so on standard error).
.TP
.B OLLAMA_HOST
Where the
.B ollama
provider is (default 127.0.0.1:11434).
With no model chosen anywhere (and at the first run, to offer one), Lyra looks there and on
127.0.0.1 ports 8080 and 9931 (llama.cpp), 1234 (LM Studio) and 8000 (vLLM), 300 ms each, once a
run, and uses the first model of the first server that answers.
.TP
.BI LYRA_API_KEY_ NAME
The key of the provider
.I NAME
from config.json (upper case).
.TP
.B LYRA_HISTFILE
The history file; empty disables history.
.TP
.BR NO_COLOR ", " TERM
.B NO_COLOR
set and not empty, or
.B TERM=dumb
turns colour off.
.SH "EXIT STATUS"
.TP
.B 0
Every line succeeded.
.TP
.B 1
At least one line failed (the script went on).
.TP
.B 2
Usage error (unknown option, bad argument) or no usable configuration.
.TP
.B 3
Stopped by
.BR \-\-bail .
.TP
.B 130
Interrupted by Ctrl\-C in script mode.
.SH EXAMPLES
Try everything with the built\-in backend:
.PP
.RS
.B lyra \-\-demo
.RE
.PP
Improve a sentence from a script:
.PP
.RS
.B lyra \-c \(dq/improve teh text is here\(dq
.RE
.PP
Configure a backend and store the token from a script:
.PP
.RS
.nf
.B lyra \-c \(dq/settings set baseURL https://api.example.com\(dq
.B printf \(aq/login\(rsn%s\(rsn\(aq \(dq$TOKEN\(dq | lyra
.fi
.RE
.PP
Show the configuration as JSON:
.PP
.RS
.B lyra \-c \(dq/settings \-\-json\(dq
.RE
.PP
Install bash completion:
.PP
.RS
.B lyra \-\-completions bash > ~/.local/share/bash\-completion/completions/lyra
.RE
.SH "SEE ALSO"
.BR psql (1),
.BR sqlite3 (1)
"""#
}
