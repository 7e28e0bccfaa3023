/* SPDX-License-Identifier: Apache-2.0 */
/*
 * halo_client.h: drive Halo's daemon from C or C++ in one header, over its Unix socket.
 *
 * In exactly one source file, define HALO_CLIENT_IMPLEMENTATION before including it:
 *
 *     #define HALO_CLIENT_IMPLEMENTATION
 *     #include "halo_client.h"
 *
 * Every call sends one line of Halo's control language (`halo help control`) and waits for
 * its reply, at most the connection's timeout. A call returns HALO_OK, a positive
 * halo_status named after the daemon's error code (its whole reply in halo_reply()), or
 * HALO_E_IO with errno set. Nothing is allocated: a halo_client holds its buffers (about
 * 13 KiB), and events that arrive while a reply is awaited wait in it (8 at most; more are
 * counted in `dropped_events`). Not thread-safe: one thread per halo_client.
 */
#ifndef HALO_CLIENT_H
#define HALO_CLIENT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HALO_DEFAULT_SOCKET "/run/halo/halo.sock"
/* The longest line the daemon takes, newline included. */
#define HALO_LONGEST_LINE 4096
#define HALO_QUEUED_EVENTS 8
#define HALO_EVENT_BYTES 256

enum halo_status {
    HALO_E_IO = -1,
    HALO_OK = 0,
    HALO_E_INVALID,
    HALO_E_UNKNOWN_COMMAND,
    HALO_E_LABEL_REQUIRED,
    HALO_E_OUT_OF_RANGE,
    HALO_E_UNKNOWN_ID,
    HALO_E_ENDED,
    HALO_E_REFUSED,
    HALO_E_LIMIT,
    HALO_E_TOO_LONG,
    HALO_E_UNSUPPORTED,
    HALO_E_DISPLAY,
    HALO_E_FILE,
    HALO_E_TIMEOUT,
    HALO_E_IDLE,
    HALO_E_BUSY,
    /* An error code this header does not know (a newer daemon's). */
    HALO_E_OTHER
};

typedef struct halo_client {
    int fd;
    int timeout_ms;
    size_t used;
    int skipping; /* the rest of a line longer than `input` is being dropped */
    char input[HALO_LONGEST_LINE];
    char line[HALO_LONGEST_LINE];
    char reply[HALO_LONGEST_LINE];
    char events[HALO_QUEUED_EVENTS][HALO_EVENT_BYTES];
    unsigned first_event, queued_events;
    unsigned long dropped_events;
} halo_client;

/* Connects to the daemon at `path` (NULL: HALO_DEFAULT_SOCKET); `timeout_ms` bounds each wait. */
int halo_connect(halo_client *c, const char *path, int timeout_ms);
void halo_close(halo_client *c);
/* Sends one line of the control language, without its newline. */
int halo_send(halo_client *c, const char *line);
/* The last reply, as the daemon wrote it ("ok", "error unknown-id: ..."). */
const char *halo_reply(const halo_client *c);
/* `kind`: circular, linear, spinner, checkout, partial or network; `label` may be NULL;
 * `value` from 0 to 1, or negative for none. */
int halo_show(halo_client *c, const char *id, const char *kind, const char *label, double value);
int halo_progress(halo_client *c, const char *id, double value);
int halo_label(halo_client *c, const char *id, const char *label);
int halo_succeed(halo_client *c, const char *id, const char *label);
/* `label` says what failed and what to do. */
int halo_fail(halo_client *c, const char *id, const char *label);
int halo_dismiss(halo_client *c, const char *id);
int halo_toast(halo_client *c, const char *text);
/* Asks for this connection's events (shown, cancelled, dismissed, a person's
 * cancel-requested and pause-requested...). */
int halo_subscribe(halo_client *c);
/* The next event into `out`: 1 when one came, 0 after `timeout_ms` without one, HALO_E_IO
 * when the connection ended. */
int halo_next_event(halo_client *c, char *out, size_t size, int timeout_ms);
/* The status of an error reply's code ("unknown-id" is HALO_E_UNKNOWN_ID). */
int halo_status_of(const char *reply);

#ifdef __cplusplus
}
#endif
#endif /* HALO_CLIENT_H */

#ifdef HALO_CLIENT_IMPLEMENTATION
#ifndef HALO_CLIENT_IMPLEMENTED
#define HALO_CLIENT_IMPLEMENTED

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int halo_connect(halo_client *c, const char *path, int timeout_ms) {
    struct sockaddr_un address;
    memset(c, 0, sizeof *c);
    c->fd = -1;
    c->timeout_ms = timeout_ms > 0 ? timeout_ms : 5000;
    if (path == NULL) path = HALO_DEFAULT_SOCKET;
    if (strlen(path) >= sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return HALO_E_IO;
    }
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    memcpy(address.sun_path, path, strlen(path) + 1);
    c->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (c->fd < 0) return HALO_E_IO;
    if (connect(c->fd, (const struct sockaddr *)&address, sizeof address) != 0) {
        int saved = errno;
        close(c->fd);
        c->fd = -1;
        errno = saved;
        return HALO_E_IO;
    }
    return HALO_OK;
}

void halo_close(halo_client *c) {
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
}

const char *halo_reply(const halo_client *c) { return c->reply; }

int halo_status_of(const char *reply) {
    static const char *const codes[] = {"invalid", "unknown-command", "label-required", "out-of-range", "unknown-id", "ended",
        "refused", "limit", "too-long", "unsupported", "display", "file", "timeout", "idle", "busy"};
    size_t i;
    if (strncmp(reply, "ok", 2) == 0 && (reply[2] == '\0' || reply[2] == ' ' || reply[2] == ';')) return HALO_OK;
    if (strncmp(reply, "error ", 6) != 0) return HALO_E_OTHER;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        size_t n = strlen(codes[i]);
        if (strncmp(reply + 6, codes[i], n) == 0 && reply[6 + n] == ':') return (int)i + 1;
    }
    return HALO_E_OTHER;
}

/* One whole line from the daemon into `out` (cut to `size`), waiting at most `timeout_ms`:
 * 1, 0 on time-out, HALO_E_IO. A longer line than the buffer is cut, the rest skipped. */
static int halo_read_line(halo_client *c, char *out, size_t size, int timeout_ms) {
    for (;;) {
        char *end = (char *)memchr(c->input, '\n', c->used);
        if (end != NULL && c->skipping) {
            c->used -= (size_t)(end - c->input) + 1;
            memmove(c->input, end + 1, c->used);
            c->skipping = 0;
            continue;
        }
        if (end != NULL) {
            size_t length = (size_t)(end - c->input), kept = length < size - 1 ? length : size - 1;
            memcpy(out, c->input, kept);
            out[kept] = '\0';
            c->used -= length + 1;
            memmove(c->input, end + 1, c->used);
            return 1;
        }
        if (c->skipping && end == NULL) c->used = 0;
        if (c->used == sizeof c->input) {
            /* A line longer than any reply: dropped, up to its end. */
            c->used = 0;
            c->skipping = 1;
        }
        {
            struct pollfd p;
            ssize_t n;
            p.fd = c->fd;
            p.events = POLLIN;
            p.revents = 0;
            n = poll(&p, 1, timeout_ms);
            if (n == 0) return 0;
            if (n < 0) {
                if (errno == EINTR) continue;
                return HALO_E_IO;
            }
            n = recv(c->fd, c->input + c->used, sizeof c->input - c->used, 0);
            if (n == 0) {
                errno = ECONNRESET;
                return HALO_E_IO;
            }
            if (n < 0) {
                if (errno == EINTR) continue;
                return HALO_E_IO;
            }
            c->used += (size_t)n;
        }
    }
}

/* `text` into `out`, cut to fit `size` (at least 1). */
static void halo_copy(char *out, size_t size, const char *text) {
    size_t n = strlen(text);
    if (n > size - 1) n = size - 1;
    memcpy(out, text, n);
    out[n] = '\0';
}

static int halo_is_reply(const char *line) { return strncmp(line, "ok", 2) == 0 || strncmp(line, "error ", 6) == 0; }

int halo_send(halo_client *c, const char *text) {
    size_t length = strlen(text), sent = 0;
    if (c->fd < 0) {
        errno = ENOTCONN;
        return HALO_E_IO;
    }
    if (length + 1 > sizeof c->line) {
        snprintf(c->reply, sizeof c->reply, "error too-long: the line is %zu bytes; the daemon takes %d", length + 1, HALO_LONGEST_LINE);
        return HALO_E_TOO_LONG;
    }
    if (text != c->line) memcpy(c->line, text, length);
    c->line[length] = '\n';
    while (sent < length + 1) {
        ssize_t n = send(c->fd, c->line + sent, length + 1 - sent, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            return HALO_E_IO;
        }
        sent += (size_t)n;
    }
    for (;;) {
        int got = halo_read_line(c, c->reply, sizeof c->reply, c->timeout_ms);
        if (got == 0) {
            /* A late reply would be taken for the next command's: the connection is done. */
            halo_close(c);
            errno = ETIMEDOUT;
            return HALO_E_IO;
        }
        if (got < 0) return HALO_E_IO;
        if (halo_is_reply(c->reply)) return halo_status_of(c->reply);
        if (c->queued_events == HALO_QUEUED_EVENTS) {
            c->dropped_events++;
        } else {
            unsigned at = (c->first_event + c->queued_events++) % HALO_QUEUED_EVENTS;
            halo_copy(c->events[at], HALO_EVENT_BYTES, c->reply);
        }
    }
}

/* Appends `text` quoted for the control language to c->line at `*at`; 0 when it does not fit
 * or holds a line break. */
static int halo_append_quoted(halo_client *c, size_t *at, const char *text) {
    size_t limit = sizeof c->line - 2;
    if (*at >= limit) return 0;
    c->line[(*at)++] = '"';
    for (; *text != '\0'; text++) {
        if (*text == '\n' || *text == '\r') return 0;
        if ((*text == '"' || *text == '\\') && *at < limit) c->line[(*at)++] = '\\';
        if (*at >= limit) return 0;
        c->line[(*at)++] = *text;
    }
    if (*at >= limit) return 0;
    c->line[(*at)++] = '"';
    c->line[*at] = '\0';
    return 1;
}

/* Sends `head`, then `text` quoted when it is not NULL, then `tail`. */
static int halo_send_with(halo_client *c, const char *head, const char *text, const char *tail) {
    int n = snprintf(c->line, sizeof c->line, "%s", head);
    size_t at;
    if (n < 0 || (size_t)n >= sizeof c->line) return HALO_E_TOO_LONG;
    at = (size_t)n;
    if (text != NULL && !halo_append_quoted(c, &at, text)) {
        snprintf(c->reply, sizeof c->reply, "error invalid: a label is one line of at most %d bytes", HALO_LONGEST_LINE - 64);
        return HALO_E_INVALID;
    }
    n = snprintf(c->line + at, sizeof c->line - at, "%s", tail);
    if (n < 0 || (size_t)n >= sizeof c->line - at) return HALO_E_TOO_LONG;
    return halo_send(c, c->line);
}

/* An id or kind that does not fit is refused rather than cut: cut, it would name another. */
static int halo_fits(const char *word, size_t most) { return strlen(word) <= most; }

/* A value from 0 to 1 written with a point, whatever LC_NUMERIC says (a Qt app's German
 * locale would write a comma, which the daemon refuses); 0 when it is not a number. */
static int halo_decimal(char *out, size_t size, double value) {
    long scaled;
    if (!(value >= 0 && value <= 1000)) return 0;
    scaled = (long)(value * 10000.0 + 0.5);
    snprintf(out, size, "%ld.%04ld", scaled / 10000, scaled % 10000);
    return 1;
}

int halo_show(halo_client *c, const char *id, const char *kind, const char *label, double value) {
    char head[192], tail[48] = "", number[32];
    if (!halo_fits(id, 64) || !halo_fits(kind, 16)) return HALO_E_TOO_LONG;
    snprintf(head, sizeof head, "show %s %s%s", id, kind, label ? " label=" : "");
    if (value >= 0 || value != value) {
        if (!halo_decimal(number, sizeof number, value)) return HALO_E_OUT_OF_RANGE;
        snprintf(tail, sizeof tail, " value=%s", number);
    }
    return halo_send_with(c, head, label, tail);
}

int halo_progress(halo_client *c, const char *id, double value) {
    char line[128], number[32];
    if (!halo_fits(id, 64)) return HALO_E_TOO_LONG;
    if (!halo_decimal(number, sizeof number, value)) return HALO_E_OUT_OF_RANGE;
    snprintf(line, sizeof line, "progress %s %s", id, number);
    return halo_send(c, line);
}

int halo_label(halo_client *c, const char *id, const char *label) {
    char head[96];
    if (!halo_fits(id, 64)) return HALO_E_TOO_LONG;
    snprintf(head, sizeof head, "label %s ", id);
    return halo_send_with(c, head, label, "");
}

int halo_succeed(halo_client *c, const char *id, const char *label) {
    char head[96];
    if (!halo_fits(id, 64)) return HALO_E_TOO_LONG;
    snprintf(head, sizeof head, "succeed %s ", id);
    return halo_send_with(c, head, label, "");
}

int halo_fail(halo_client *c, const char *id, const char *label) {
    char head[96];
    if (!halo_fits(id, 64)) return HALO_E_TOO_LONG;
    snprintf(head, sizeof head, "fail %s ", id);
    return halo_send_with(c, head, label, "");
}

int halo_dismiss(halo_client *c, const char *id) {
    char line[96];
    if (!halo_fits(id, 64)) return HALO_E_TOO_LONG;
    snprintf(line, sizeof line, "dismiss %s", id);
    return halo_send(c, line);
}

int halo_toast(halo_client *c, const char *text) { return halo_send_with(c, "toast ", text, ""); }

int halo_subscribe(halo_client *c) { return halo_send(c, "subscribe"); }

int halo_next_event(halo_client *c, char *out, size_t size, int timeout_ms) {
    if (size == 0) return 0;
    if (c->queued_events > 0) {
        halo_copy(out, size, c->events[c->first_event]);
        c->first_event = (c->first_event + 1) % HALO_QUEUED_EVENTS;
        c->queued_events--;
        return 1;
    }
    for (;;) {
        int got = halo_read_line(c, out, size, timeout_ms);
        if (got <= 0) return got;
        if (!halo_is_reply(out)) return 1;
    }
}

#endif /* HALO_CLIENT_IMPLEMENTED */
#endif /* HALO_CLIENT_IMPLEMENTATION */
