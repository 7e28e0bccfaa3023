// SPDX-License-Identifier: Apache-2.0
// libgpiod, behind the few calls Halo needs: find a line by name, request lines as outputs
// together, set them all in one bulk call, release them; and request one line as a push
// button whose edges are read from a descriptor. One source for libgpiod 1.6
// (Debian bookworm, Raspberry Pi OS bookworm) and 2.x (Debian trixie, current Yocto): version
// 1's gpiod.h defines GPIOD_LINE_BULK_MAX_LINES and version 2's does not.
#include <gpiod.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>

#ifdef GPIOD_LINE_BULK_MAX_LINES

#define HALO_GPIO_MAX_LINES GPIOD_LINE_BULK_MAX_LINES

struct halo_gpio {
    struct gpiod_chip *chip;
    struct gpiod_line_bulk bulk;
};

// The chip (gpiochipN) and offset of the line called `name`; -1 with errno ENOENT if none.
static inline int halo_gpio_find(const char *name, char *chip, size_t chip_len, unsigned int *offset) {
    struct gpiod_line *line = gpiod_line_find(name);
    if (!line) {
        if (errno == 0) errno = ENOENT;
        return -1;
    }
    strncpy(chip, gpiod_chip_name(gpiod_line_get_chip(line)), chip_len - 1);
    chip[chip_len - 1] = 0;
    *offset = gpiod_line_offset(line);
    gpiod_line_close_chip(line);
    return 0;
}

// Requests `count` lines of `chip` (a path, a name such as gpiochip0, a label or a number) as
// outputs, low (or inactive, with active_low), for the consumer "halo". On failure: NULL and
// errno; EBUSY when a line is held already, its consumer's name then in `holder`.
static inline struct halo_gpio *halo_gpio_request(
    const char *chip, const unsigned int *offsets, unsigned int count, int active_low, char *holder, size_t holder_len) {
    if (count == 0 || count > GPIOD_LINE_BULK_MAX_LINES) {
        errno = E2BIG;
        return NULL;
    }
    struct halo_gpio *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->chip = gpiod_chip_open_lookup(chip);
    if (!g->chip) {
        int e = errno;
        free(g);
        errno = e ? e : ENOENT;
        return NULL;
    }
    gpiod_line_bulk_init(&g->bulk);
    for (unsigned int i = 0; i < count; i++) {
        struct gpiod_line *line = gpiod_chip_get_line(g->chip, offsets[i]);
        if (!line) {
            int e = errno;
            gpiod_chip_close(g->chip);
            free(g);
            errno = e ? e : EINVAL;
            return NULL;
        }
        if (gpiod_line_is_used(line)) {
            const char *who = gpiod_line_consumer(line);
            strncpy(holder, who ? who : "the kernel", holder_len - 1);
            holder[holder_len - 1] = 0;
            gpiod_chip_close(g->chip);
            free(g);
            errno = EBUSY;
            return NULL;
        }
        gpiod_line_bulk_add(&g->bulk, line);
    }
    int zeros[GPIOD_LINE_BULK_MAX_LINES] = {0};
    if (gpiod_line_request_bulk_output_flags(&g->bulk, "halo", active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0, zeros) < 0) {
        int e = errno;
        gpiod_chip_close(g->chip);
        free(g);
        errno = e;
        return NULL;
    }
    return g;
}

// Sets every requested line at once: one ioctl.
static inline int halo_gpio_set(struct halo_gpio *g, const int *values) { return gpiod_line_set_value_bulk(&g->bulk, (int *)values); }

static inline void halo_gpio_release(struct halo_gpio *g) {
    gpiod_line_release_bulk(&g->bulk);
    gpiod_chip_close(g->chip);
    free(g);
}


// A push button: one line requested as an input that reports both edges, for the consumer
// "halo". `bias`: 0 as the board left it, 1 disabled, 2 pull-up, 3 pull-down. Version 1 has no
// debounce: `kernel_debounce` is set to 0 and Halo debounces itself.
struct halo_gpio_button {
    struct gpiod_chip *chip;
    struct gpiod_line *line;
    int fd;
};

static inline struct halo_gpio_button *halo_gpio_button_request(
    const char *chip, unsigned int offset, int active_low, int bias, unsigned int debounce_us, int *kernel_debounce,
    char *holder, size_t holder_len) {
    (void)debounce_us;
    struct halo_gpio_button *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->chip = gpiod_chip_open_lookup(chip);
    if (!b->chip) {
        int e = errno;
        free(b);
        errno = e ? e : ENOENT;
        return NULL;
    }
    b->line = gpiod_chip_get_line(b->chip, offset);
    int e = 0;
    if (!b->line) {
        e = errno ? errno : EINVAL;
    } else if (gpiod_line_is_used(b->line)) {
        const char *who = gpiod_line_consumer(b->line);
        strncpy(holder, who ? who : "the kernel", holder_len - 1);
        holder[holder_len - 1] = 0;
        e = EBUSY;
    } else {
        int flags = active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
        if (bias == 1) flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE;
        if (bias == 2) flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
        if (bias == 3) flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN;
        struct gpiod_line_request_config config = {"halo", GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES, flags};
        if (gpiod_line_request(b->line, &config, 0) < 0) e = errno;
    }
    if (e) {
        gpiod_chip_close(b->chip);
        free(b);
        errno = e;
        return NULL;
    }
    b->fd = gpiod_line_event_get_fd(b->line);
    fcntl(b->fd, F_SETFL, fcntl(b->fd, F_GETFL) | O_NONBLOCK);
    *kernel_debounce = 0;
    return b;
}

static inline int halo_gpio_button_fd(struct halo_gpio_button *b) { return b->fd; }

// Up to `max` (at most 16) edges waiting: `active[i]` 1 for the line becoming active (pressed),
// `ns[i]` the kernel's CLOCK_MONOTONIC time. The count; 0 when none is waiting; -1 on error.
static inline int halo_gpio_button_read(struct halo_gpio_button *b, int *active, long long *ns, int max) {
    struct gpiod_line_event events[16];
    int n = gpiod_line_event_read_fd_multiple(b->fd, events, max < 16 ? (unsigned int)max : 16);
    if (n < 0) return errno == EAGAIN ? 0 : -1;
    for (int i = 0; i < n; i++) {
        active[i] = events[i].event_type == GPIOD_LINE_EVENT_RISING_EDGE;
        ns[i] = (long long)events[i].ts.tv_sec * 1000000000LL + events[i].ts.tv_nsec;
    }
    return n;
}

static inline void halo_gpio_button_release(struct halo_gpio_button *b) {
    gpiod_line_release(b->line);
    gpiod_chip_close(b->chip);
    free(b);
}

#else  // libgpiod 2.x

#include <dirent.h>
#include <stdio.h>

// The kernel's limit for one request (GPIO_V2_LINES_MAX).
#define HALO_GPIO_MAX_LINES 64

struct halo_gpio {
    struct gpiod_chip *chip;
    struct gpiod_line_request *request;
    unsigned int count;
};

// A chip as a path: "gpiochip0" is /dev/gpiochip0, a path is itself. (Version 2 finds chips by
// path only.)
static inline void halo_gpio_chip_path(const char *chip, char *path, size_t len) {
    snprintf(path, len, chip[0] == '/' ? "%s" : "/dev/%s", chip);
}

static inline int halo_gpio_find(const char *name, char *chip, size_t chip_len, unsigned int *offset) {
    DIR *dev = opendir("/dev");
    if (!dev) return -1;
    struct dirent *entry;
    while ((entry = readdir(dev))) {
        if (strncmp(entry->d_name, "gpiochip", 8) != 0) continue;
        char path[300];
        snprintf(path, sizeof path, "/dev/%s", entry->d_name);
        struct gpiod_chip *c = gpiod_chip_open(path);
        if (!c) continue;
        int found = gpiod_chip_get_line_offset_from_name(c, name);
        gpiod_chip_close(c);
        if (found >= 0) {
            strncpy(chip, entry->d_name, chip_len - 1);
            chip[chip_len - 1] = 0;
            *offset = (unsigned int)found;
            closedir(dev);
            return 0;
        }
    }
    closedir(dev);
    errno = ENOENT;
    return -1;
}

static inline struct halo_gpio *halo_gpio_request(
    const char *chip, const unsigned int *offsets, unsigned int count, int active_low, char *holder, size_t holder_len) {
    if (count == 0 || count > HALO_GPIO_MAX_LINES) {
        errno = E2BIG;
        return NULL;
    }
    char path[300];
    halo_gpio_chip_path(chip, path, sizeof path);
    struct halo_gpio *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->chip = gpiod_chip_open(path);
    if (!g->chip) {
        int e = errno;
        free(g);
        errno = e ? e : ENOENT;
        return NULL;
    }
    for (unsigned int i = 0; i < count; i++) {
        struct gpiod_line_info *info = gpiod_chip_get_line_info(g->chip, offsets[i]);
        if (!info) {
            int e = errno;
            gpiod_chip_close(g->chip);
            free(g);
            errno = e ? e : EINVAL;
            return NULL;
        }
        if (gpiod_line_info_is_used(info)) {
            const char *who = gpiod_line_info_get_consumer(info);
            strncpy(holder, who ? who : "the kernel", holder_len - 1);
            holder[holder_len - 1] = 0;
            gpiod_line_info_free(info);
            gpiod_chip_close(g->chip);
            free(g);
            errno = EBUSY;
            return NULL;
        }
        gpiod_line_info_free(info);
    }
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    struct gpiod_line_config *lines = gpiod_line_config_new();
    struct gpiod_request_config *config = gpiod_request_config_new();
    int e = 0;
    if (!settings || !lines || !config) {
        e = ENOMEM;
    } else {
        gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT);
        gpiod_line_settings_set_output_value(settings, GPIOD_LINE_VALUE_INACTIVE);
        gpiod_line_settings_set_active_low(settings, active_low != 0);
        gpiod_request_config_set_consumer(config, "halo");
        if (gpiod_line_config_add_line_settings(lines, offsets, count, settings) < 0) e = errno;
        else if (!(g->request = gpiod_chip_request_lines(g->chip, config, lines))) e = errno;
    }
    if (config) gpiod_request_config_free(config);
    if (lines) gpiod_line_config_free(lines);
    if (settings) gpiod_line_settings_free(settings);
    if (e) {
        gpiod_chip_close(g->chip);
        free(g);
        errno = e;
        return NULL;
    }
    g->count = count;
    return g;
}

static inline int halo_gpio_set(struct halo_gpio *g, const int *values) {
    enum gpiod_line_value v[HALO_GPIO_MAX_LINES];
    for (unsigned int i = 0; i < g->count; i++) v[i] = values[i] ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    return gpiod_line_request_set_values(g->request, v);
}

static inline void halo_gpio_release(struct halo_gpio *g) {
    gpiod_line_request_release(g->request);
    gpiod_chip_close(g->chip);
    free(g);
}


// A push button (see version 1's). Version 2 asks the kernel to debounce, which it does in
// the chip where it can and in software otherwise (`kernel_debounce` 1); a line that allows
// neither is taken without, and Halo debounces (`kernel_debounce` 0, as with no debounce asked).
struct halo_gpio_button {
    struct gpiod_chip *chip;
    struct gpiod_line_request *request;
    struct gpiod_edge_event_buffer *events;
};

static inline struct halo_gpio_button *halo_gpio_button_request(
    const char *chip, unsigned int offset, int active_low, int bias, unsigned int debounce_us, int *kernel_debounce,
    char *holder, size_t holder_len) {
    char path[300];
    halo_gpio_chip_path(chip, path, sizeof path);
    struct halo_gpio_button *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->chip = gpiod_chip_open(path);
    if (!b->chip) {
        int e = errno;
        free(b);
        errno = e ? e : ENOENT;
        return NULL;
    }
    int e = 0;
    struct gpiod_line_info *info = gpiod_chip_get_line_info(b->chip, offset);
    if (!info) {
        e = errno ? errno : EINVAL;
    } else {
        if (gpiod_line_info_is_used(info)) {
            const char *who = gpiod_line_info_get_consumer(info);
            strncpy(holder, who ? who : "the kernel", holder_len - 1);
            holder[holder_len - 1] = 0;
            e = EBUSY;
        }
        gpiod_line_info_free(info);
    }
    struct gpiod_line_settings *settings = e ? NULL : gpiod_line_settings_new();
    struct gpiod_line_config *lines = e ? NULL : gpiod_line_config_new();
    struct gpiod_request_config *config = e ? NULL : gpiod_request_config_new();
    b->events = e ? NULL : gpiod_edge_event_buffer_new(16);
    if (!e && (!settings || !lines || !config || !b->events)) e = ENOMEM;
    if (!e) {
        static const enum gpiod_line_bias biases[] = {
            GPIOD_LINE_BIAS_AS_IS, GPIOD_LINE_BIAS_DISABLED, GPIOD_LINE_BIAS_PULL_UP, GPIOD_LINE_BIAS_PULL_DOWN};
        gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
        gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH);
        gpiod_line_settings_set_active_low(settings, active_low != 0);
        gpiod_line_settings_set_bias(settings, biases[bias >= 0 && bias <= 3 ? bias : 0]);
        gpiod_line_settings_set_debounce_period_us(settings, debounce_us);
        gpiod_request_config_set_consumer(config, "halo");
        if (gpiod_line_config_add_line_settings(lines, &offset, 1, settings) < 0) e = errno;
        else if (!(b->request = gpiod_chip_request_lines(b->chip, config, lines))) e = errno;
        // A line the kernel cannot debounce (no interrupt for its software debounce) is
        // requested again without it, and Halo debounces.
        if (e && debounce_us > 0) {
            gpiod_line_settings_set_debounce_period_us(settings, 0);
            gpiod_line_config_reset(lines);
            if (gpiod_line_config_add_line_settings(lines, &offset, 1, settings) == 0 &&
                (b->request = gpiod_chip_request_lines(b->chip, config, lines))) {
                e = 0;
                debounce_us = 0;
            }
        }
    }
    if (config) gpiod_request_config_free(config);
    if (lines) gpiod_line_config_free(lines);
    if (settings) gpiod_line_settings_free(settings);
    if (e) {
        if (b->events) gpiod_edge_event_buffer_free(b->events);
        gpiod_chip_close(b->chip);
        free(b);
        errno = e;
        return NULL;
    }
    int fd = gpiod_line_request_get_fd(b->request);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    *kernel_debounce = debounce_us > 0;
    return b;
}

static inline int halo_gpio_button_fd(struct halo_gpio_button *b) { return gpiod_line_request_get_fd(b->request); }

static inline int halo_gpio_button_read(struct halo_gpio_button *b, int *active, long long *ns, int max) {
    int n = gpiod_line_request_read_edge_events(b->request, b->events, max < 16 ? (size_t)max : 16);
    if (n < 0) return errno == EAGAIN ? 0 : -1;
    for (int i = 0; i < n; i++) {
        struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(b->events, (unsigned long)i);
        active[i] = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
        ns[i] = (long long)gpiod_edge_event_get_timestamp_ns(event);
    }
    return n;
}

static inline void halo_gpio_button_release(struct halo_gpio_button *b) {
    gpiod_line_request_release(b->request);
    gpiod_edge_event_buffer_free(b->events);
    gpiod_chip_close(b->chip);
    free(b);
}

#endif
