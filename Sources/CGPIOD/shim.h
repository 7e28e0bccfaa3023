// libgpiod, behind the few calls Halo needs: find a line by name, request lines as outputs
// together, set them all in one bulk call, release them. One source for libgpiod 1.6
// (Debian bookworm, Raspberry Pi OS bookworm) and, next, 2.x (Debian trixie, current Yocto):
// version 1's gpiod.h defines GPIOD_LINE_BULK_MAX_LINES and version 2's does not.
#include <gpiod.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

#else
#error "Halo's GPIO rings build against libgpiod 1.6 so far (Debian bookworm's libgpiod-dev); libgpiod 2 support is the next step"
#endif
