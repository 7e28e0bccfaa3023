/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libhalo: Halo's indicators drawn by an app that owns the screen itself (Qt EGLFS, SDL on
 * kmsdrm, LVGL, a Flutter embedder, a game), where no other process can draw.
 *
 * An engine lays out progress circles and bars, spinners, toasts and checkouts for one screen
 * from the same control lines `halo ctl` sends, and draws them over the app's own frame, in
 * place, or into a layer of their own that the app blends. The app gives the time; nothing
 * happens between calls.
 *
 * One frame, in place:
 *
 *     halo_prepare(engine, now_ms, repaint, HALO_RECTS_MAX, &repaints);
 *     ...the app draws its own picture again inside each repaint rectangle, and wherever
 *        it changed (its damage)...
 *     halo_draw_over(engine, &frame, damage, damages, drawn, HALO_RECTS_MAX, &drawns);
 *     ...the app presents or flushes its damage and the drawn rectangles...
 *
 * Drawing over a frame leaves Halo's pixels in it: `repaint` names where they must give way
 * to the app's again, because Halo's picture changes there. An app that draws its whole
 * frame every time passes the whole frame as its damage and may ignore `repaint`; one that
 * switches between several buffers calls halo_forget() whenever the next frame is not the
 * one Halo last drew over.
 *
 * A separate layer instead: halo_prepare(), then halo_draw_layer() into a buffer of
 * HALO_FORMAT_ARGB8888_PREMULTIPLIED that the app keeps and blends over its picture
 * (src + dst * (255 - src.alpha) / 255). Only the rectangles it returns changed.
 *
 * Guarantees. No global state: engines are independent, and an engine may move between
 * threads but is used by one at a time. No threads are started. halo_prepare(),
 * halo_draw_over(), halo_draw_layer() and halo_next_change() allocate no memory once the
 * picture's layers have been seen (the first frame of a new indicator or label may); control
 * lines do. Every number and string is checked: a bad one gets a status and a message from
 * halo_last_error(), never a crash, and changes nothing.
 *
 * ABI. The library's soname is libhalo.so.1. Within version 1, functions are only added and
 * structures only grow at their end; halo_config carries its own size so that a program
 * built against this header keeps working with a later library.
 */
#ifndef HALO_H
#define HALO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The interface version this header describes; halo_abi_version() gives the library's. */
#define HALO_ABI_VERSION 1

/* Rectangles an engine returns at most: a list this long never needs folding. */
#define HALO_RECTS_MAX 16

/* The longest control line an engine takes, in bytes, without its terminating zero. */
#define HALO_LINE_MAX 4096

typedef struct halo_engine halo_engine;

/* Named apart from halo_client.h's statuses (the daemon's client), so that a program may
 * include both. */

typedef enum halo_result {
    HALO_SUCCESS = 0,
    /* A null pointer, a zero capacity or a size out of range: a mistake in the calling code. */
    HALO_ERROR_ARGUMENT = 1,
    /* halo_config.size is not one this library knows. */
    HALO_ERROR_VERSION = 2,
    /* The board file cannot be read, or says something wrong; the message names the line. */
    HALO_ERROR_BOARD = 3,
    /* The font cannot be loaded. */
    HALO_ERROR_FONT = 4,
    /* The control line was refused; the reply says why, as the daemon would. */
    HALO_ERROR_COMMAND = 5,
    /* A frame's size, stride, format or rotation does not fit the engine or its memory. */
    HALO_ERROR_FRAME = 6,
    /* A draw before any halo_prepare(). */
    HALO_ERROR_ORDER = 7
} halo_result;

/* Pixel formats, named as DRM names them: channels from the most significant bits of a
 * little-endian word down. */
typedef enum halo_format {
    HALO_FORMAT_XRGB8888 = 1,
    HALO_FORMAT_ARGB8888 = 2,
    HALO_FORMAT_XBGR8888 = 3,
    HALO_FORMAT_ABGR8888 = 4,
    HALO_FORMAT_RGB565 = 5,
    HALO_FORMAT_BGR565 = 6,
    HALO_FORMAT_RGB888 = 7,
    HALO_FORMAT_BGR888 = 8,
    /* ARGB8888 with colours multiplied by alpha: the only format halo_draw_layer() takes. */
    HALO_FORMAT_ARGB8888_PREMULTIPLIED = 9
} halo_format;

/* A rectangle in the screen's pixels as its user sees it (after rotation). */
typedef struct halo_rect {
    int32_t x, y, width, height;
} halo_rect;

typedef struct halo_config {
    /* sizeof(halo_config), as the caller was built. */
    uint32_t size;
    /* The screen as its user sees it, in pixels: 1 to 16384 each way. */
    int32_t width, height;
    /* A board file whose theme (colours, sizes, labels, font) and policy (delays, motion)
     * apply, or NULL for Halo's defaults. Its screen, LED and input settings are not used,
     * nor its logo or background picture: the app's picture is the background. */
    const char *board;
    /* A TrueType or OpenType font for labels, or NULL: the board's, else DejaVu Sans. */
    const char *font;
} halo_config;

/* Pixel memory the app owns, as it lies in memory. */
typedef struct halo_frame {
    void *pixels;
    /* In memory: with a quarter turn, the screen's height and width. */
    int32_t width, height;
    /* Bytes from one row to the next: at least width times the format's bytes per pixel. */
    int32_t stride;
    /* A halo_format. */
    uint32_t format;
    /* How the picture is turned on the panel, clockwise: 0, 90, 180 or 270. */
    int32_t rotation;
} halo_frame;

/* A touch or a click, as the app's input reports it. */
typedef enum halo_touch_phase {
    HALO_TOUCH_DOWN = 1,
    HALO_TOUCH_MOVE = 2,
    HALO_TOUCH_UP = 3,
    /* The app's input stopped following the finger (a dropped event, a gesture it took). */
    HALO_TOUCH_LOST = 4
} halo_touch_phase;

/* Keys by what they do, for a keypad, a remote or a keyboard: next and previous move a focus
 * ring among Halo's targets, activate does what a tap would, cancel asks the front-most
 * cancellable activity to cancel. */
typedef enum halo_key_role {
    HALO_KEY_NEXT = 1,
    HALO_KEY_PREVIOUS = 2,
    HALO_KEY_ACTIVATE = 3,
    HALO_KEY_CANCEL = 4
} halo_key_role;

/* The interface version the library was built with; a program may refuse a lower one. */
int halo_abi_version(void);

/*
 * Makes an engine. On failure *engine is NULL and, when message is not NULL, a sentence
 * naming the problem and its fix is written there (cut to message_size, always terminated).
 */
halo_result halo_create(const halo_config *config, halo_engine **engine, char *message, size_t message_size);

/* Frees an engine and everything it holds. NULL is allowed. */
void halo_destroy(halo_engine *engine);

/*
 * Carries out one control line at now_ms (milliseconds on any clock that never goes back,
 * the same for every call; a time before the latest one given counts as the latest, and times
 * past 2^40 ms as 2^40), as `halo ctl` would: "show up circular label=\"Uploading\"",
 * "progress up 0.4", "succeed up". Its answer ("ok", "ok; warning: ..." or "error CODE:
 * ...") goes to reply when it is not NULL. A line longer than HALO_LINE_MAX is refused.
 */
halo_result halo_command(halo_engine *engine, const char *line, uint64_t now_ms, char *reply, size_t reply_size);

/*
 * Lays out the picture at now_ms for the next draw, and lists in repaint the rectangles
 * where it differs from the picture last drawn over the frame: the app's own picture must be
 * there again before halo_draw_over(). At most `capacity` rectangles are written (more are
 * folded into the last); *count says how many. capacity must be at least 1.
 */
halo_result halo_prepare(halo_engine *engine, uint64_t now_ms, halo_rect *repaint, size_t capacity, size_t *count);

/*
 * Draws the prepared picture over the app's frame, in place, inside the app's damage (the
 * rectangles it drew since the last call; NULL with damage_count 0 when it drew nothing)
 * and the repaint rectangles of halo_prepare(). Lists in `drawn` every rectangle of the
 * frame that changed, its damage included: what the app presents. The frame's screen size
 * must be the engine's.
 */
halo_result halo_draw_over(
    halo_engine *engine, const halo_frame *frame, const halo_rect *damage, size_t damage_count, halo_rect *drawn,
    size_t capacity, size_t *count);

/*
 * Draws the prepared picture into a layer of its own, clear where Halo draws nothing, which
 * the app blends over its picture. The layer must be HALO_FORMAT_ARGB8888_PREMULTIPLIED and
 * keep what was last drawn into it: only the rectangles listed in `drawn` change.
 */
halo_result halo_draw_layer(halo_engine *engine, const halo_frame *layer, halo_rect *drawn, size_t capacity, size_t *count);

/*
 * Milliseconds from now_ms until the picture changes by itself (an animation, a delayed
 * show, a toast's end): 0 while something moves, -1 when nothing will change until the next
 * control line. An app's loop may sleep that long.
 */
int64_t halo_next_change(halo_engine *engine, uint64_t now_ms);

/*
 * Where touches and clicks belong to Halo in the prepared picture, rather than to the app: its
 * targets (a stop icon, an indicator that opens a choice, a choice's buttons), or the whole
 * screen while a checkout, a dialog or a prompt blocks the app. The app sends Halo the touches
 * that start there (halo_touch) and keeps the others. None while nothing is prepared.
 */
halo_result halo_input_region(halo_engine *engine, halo_rect *region, size_t capacity, size_t *count);

/*
 * A finger (or the mouse: one finger) at (x, y) in the screen's pixels as its user sees it;
 * `phase` is a halo_touch_phase. A press and a release on one target, near each other and
 * within 0.4 s, taps it, as on a screen Halo owns. When the tap asks something of an activity
 * its event is written to `event` as the daemon announces it ("cancel-requested upload
 * source=touch"), else "": the app answers with a control line ("cancel upload"); if it does
 * not, Halo carries the request out itself after the board's unwatched-request wait.
 */
halo_result halo_touch(
    halo_engine *engine, int32_t finger, int32_t x, int32_t y, uint32_t phase, uint64_t now_ms, char *event, size_t event_size);

/* A key by its role (a halo_key_role), with the event it made written as halo_touch's is. */
halo_result halo_key(halo_engine *engine, uint32_t role, uint64_t now_ms, char *event, size_t event_size);

/*
 * Says that the next frame holds none of Halo's pixels (a new buffer, a full redraw): the
 * next halo_prepare() asks no repaint for the old picture and the next draw draws all of the
 * new one. For the layer, the same: the next halo_draw_layer() draws the whole layer.
 */
void halo_forget(halo_engine *engine);

/* The last error's sentence for this engine, or "" after a success; valid until the next call. */
const char *halo_last_error(const halo_engine *engine);

#ifdef __cplusplus
}
#endif

#endif
