/* SPDX-License-Identifier: Apache-2.0 */
/* libhalo as an app uses it, built against halo.h and linked with the shared or the static
 * library; run by HaloCommandTests' LibHaloTests and by .ci/libhalo.
 *
 *   libhalo_test checks                    every refusal: bad arguments, sizes, formats, order;
 *                                          a person's taps and keys passed on
 *   libhalo_test pictures BOARD DIR TURN LINE...
 *                                          a flat app (#208040) on a panel turned TURN degrees
 *                                          with the LINEs ("@MS line" at MS ms, else at 0)
 *                                          drawn over it, frame by frame for 2 s,
 *                                          in place (DIR/over.ppm) and as a layer blended by
 *                                          pixman's arithmetic (DIR/layer.ppm), as scanned out
 *   libhalo_test allocations [SCENE]       memory allocations in 300 frames of each scene
 *                                          (spinners turning, values gliding), once seen
 */
#include <halo.h>

/* The daemon's client too: a program may use both. */
#include "../../c/halo_client.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every allocation in the process is counted, the library's and its Swift runtime's. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
static unsigned long allocations;
void *malloc(size_t n) { allocations++; return __libc_malloc(n); }
void *calloc(size_t n, size_t size) { allocations++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t n) { allocations++; return __libc_realloc(p, n); }
void *aligned_alloc(size_t alignment, size_t n) { allocations++; return __libc_memalign(alignment, n); }
void *memalign(size_t alignment, size_t n) { allocations++; return __libc_memalign(alignment, n); }
int posix_memalign(void **p, size_t alignment, size_t n) {
    allocations++;
    *p = __libc_memalign(alignment, n);
    return *p ? 0 : 12;
}

enum { W = 480, H = 480, APP = 0x208040 };
static uint32_t over[W * H], layer[W * H];
static int failures;

#define CHECK(condition) \
    do { \
        if (!(condition)) { \
            fprintf(stderr, "failed: %s (line %d)\n", #condition, __LINE__); \
            failures++; \
        } \
    } while (0)

static halo_engine *make(const char *board) {
    halo_config config = {sizeof config, W, H, board, NULL};
    halo_engine *engine;
    char message[512];
    if (halo_create(&config, &engine, message, sizeof message) != HALO_SUCCESS) {
        fprintf(stderr, "halo_create: %s\n", message);
        exit(1);
    }
    return engine;
}

static void fill(uint32_t *pixels, halo_rect r, uint32_t value) {
    for (int y = r.y; y < r.y + r.height; y++)
        for (int x = r.x; x < r.x + r.width; x++) pixels[y * W + x] = value;
}

/* A person's touches and keys, passed on by the app: a tap on the stop icon and the cancel
 * key each ask to cancel, and the app hears it. */
static void input(void) {
    halo_engine *engine = make(NULL);
    halo_rect rects[HALO_RECTS_MAX];
    size_t n = 99;
    char event[128];
    int asked = 0;
    const char *show = "show up circular label=\"Uploading\" value=40% cancellable=yes";
    CHECK(halo_input_region(engine, rects, HALO_RECTS_MAX, &n) == HALO_SUCCESS && n == 0);
    CHECK(halo_command(engine, show, 0, NULL, 0) == HALO_SUCCESS);
    CHECK(halo_prepare(engine, 1000, rects, HALO_RECTS_MAX, &n) == HALO_SUCCESS);
    CHECK(halo_input_region(engine, rects, HALO_RECTS_MAX, &n) == HALO_SUCCESS && n >= 1);
    /* Each target tapped in its middle: the stop icon's tap asks to cancel. */
    for (size_t i = 0; i < n && !asked; i++) {
        int32_t x = rects[i].x + rects[i].width / 2, y = rects[i].y + rects[i].height / 2;
        CHECK(halo_touch(engine, 0, x, y, HALO_TOUCH_DOWN, 1100, event, sizeof event) == HALO_SUCCESS && event[0] == 0);
        CHECK(halo_touch(engine, 0, x, y, HALO_TOUCH_UP, 1150, event, sizeof event) == HALO_SUCCESS);
        asked = strcmp(event, "cancel-requested up source=touch") == 0;
    }
    CHECK(asked);
    /* A finger that slides away, or that the app lost, taps nothing. */
    CHECK(halo_touch(engine, 1, 10, 10, HALO_TOUCH_DOWN, 1200, event, sizeof event) == HALO_SUCCESS);
    CHECK(halo_touch(engine, 1, 10, 10, HALO_TOUCH_LOST, 1210, event, sizeof event) == HALO_SUCCESS && event[0] == 0);
    CHECK(halo_touch(engine, 1, INT32_MIN, INT32_MAX, HALO_TOUCH_MOVE, 1220, event, sizeof event) == HALO_SUCCESS);
    CHECK(halo_touch(engine, 0, 1, 1, 99, 1230, event, sizeof event) == HALO_ERROR_ARGUMENT);
    CHECK(halo_key(engine, 0, 1230, event, sizeof event) == HALO_ERROR_ARGUMENT);
    halo_destroy(engine);

    engine = make(NULL);
    CHECK(halo_command(engine, show, 0, NULL, 0) == HALO_SUCCESS);
    CHECK(halo_key(engine, HALO_KEY_NEXT, 1000, event, sizeof event) == HALO_SUCCESS && event[0] == 0);
    CHECK(halo_key(engine, HALO_KEY_CANCEL, 1010, event, sizeof event) == HALO_SUCCESS);
    CHECK(strcmp(event, "cancel-requested up source=key") == 0);
    /* Nobody answers: Halo cancels by itself after the wait, and the picture changes. */
    CHECK(halo_next_change(engine, 1020) >= 0);
    halo_destroy(engine);
}

static void checks(void) {
    halo_config config = {sizeof config, W, H, NULL, NULL};
    halo_engine *engine = NULL;
    halo_rect rects[HALO_RECTS_MAX], one = {0, 0, 1, 1};
    size_t n = 99;
    char text[512];
    halo_frame frame = {over, W, H, W * 4, HALO_FORMAT_XRGB8888, 0};

    CHECK(halo_abi_version() == HALO_ABI_VERSION);
    CHECK(halo_create(NULL, &engine, text, sizeof text) == HALO_ERROR_ARGUMENT && engine == NULL);
    config.size = sizeof config + 8;
    CHECK(halo_create(&config, &engine, text, sizeof text) == HALO_ERROR_VERSION && strstr(text, "sizeof") != NULL);
    config.size = sizeof config;
    config.width = 0;
    CHECK(halo_create(&config, &engine, NULL, 0) == HALO_ERROR_ARGUMENT);
    config.width = 1 << 20;
    CHECK(halo_create(&config, &engine, text, 4) == HALO_ERROR_ARGUMENT && strlen(text) == 3); /* cut, terminated */
    config.width = W;
    config.board = "/nonexistent/board.yaml";
    CHECK(halo_create(&config, &engine, text, sizeof text) == HALO_ERROR_BOARD);
    config.board = NULL;
    config.font = "/nonexistent/font.ttf";
    CHECK(halo_create(&config, &engine, text, sizeof text) == HALO_ERROR_FONT);
    config.font = NULL;
    CHECK(halo_create(&config, NULL, text, sizeof text) == HALO_ERROR_ARGUMENT);

    engine = make(NULL);
    CHECK(halo_draw_over(engine, &frame, NULL, 0, rects, HALO_RECTS_MAX, &n) == HALO_ERROR_ORDER && n == 0);
    CHECK(strstr(halo_last_error(engine), "halo_prepare") != NULL);
    CHECK(halo_command(engine, "show up circular", 0, text, sizeof text) == HALO_SUCCESS && strcmp(text, "ok") == 0);
    CHECK(strcmp(halo_last_error(engine), "") == 0);
    CHECK(halo_command(engine, "progress nobody 0.5", 0, text, sizeof text) == HALO_ERROR_COMMAND);
    CHECK(strncmp(text, "error ", 6) == 0 && strcmp(halo_last_error(engine), text) == 0);
    CHECK(halo_command(engine, NULL, 0, text, sizeof text) == HALO_ERROR_ARGUMENT);
    {
        static char line[HALO_LINE_MAX + 100];
        memset(line, 'a', sizeof line - 1);
        CHECK(halo_command(engine, line, 0, NULL, 0) == HALO_ERROR_COMMAND);
    }
    CHECK(halo_prepare(engine, 0, rects, 0, &n) == HALO_ERROR_ARGUMENT);
    CHECK(halo_prepare(engine, 0, NULL, 4, &n) == HALO_ERROR_ARGUMENT);
    CHECK(halo_prepare(engine, 100, rects, HALO_RECTS_MAX, &n) == HALO_SUCCESS);
    frame.format = 99;
    CHECK(halo_draw_over(engine, &frame, NULL, 0, rects, HALO_RECTS_MAX, &n) == HALO_ERROR_FRAME);
    frame.format = HALO_FORMAT_XRGB8888;
    frame.stride = W;
    CHECK(halo_draw_over(engine, &frame, NULL, 0, rects, HALO_RECTS_MAX, &n) == HALO_ERROR_FRAME);
    frame.stride = W * 4;
    frame.rotation = 45;
    CHECK(halo_draw_over(engine, &frame, NULL, 0, rects, HALO_RECTS_MAX, &n) == HALO_ERROR_FRAME);
    frame.rotation = 0;
    frame.width = W - 1;
    CHECK(halo_draw_over(engine, &frame, NULL, 0, rects, HALO_RECTS_MAX, &n) == HALO_ERROR_FRAME);
    frame.width = W;
    CHECK(halo_draw_over(engine, &frame, NULL, 3, rects, HALO_RECTS_MAX, &n) == HALO_ERROR_ARGUMENT);
    CHECK(halo_draw_layer(engine, &frame, rects, HALO_RECTS_MAX, &n) == HALO_ERROR_FRAME);
    CHECK(strstr(halo_last_error(engine), "PREMULTIPLIED") != NULL);
    /* Absurd damage is clipped to the screen, never trusted. */
    {
        halo_rect wild[3] = {{INT32_MAX - 1, INT32_MAX - 1, INT32_MAX, INT32_MAX}, {INT32_MIN, INT32_MIN, -5, 7}, {-10, -10, 20, 20}};
        fill(over, (halo_rect){0, 0, W, H}, APP);
        CHECK(halo_draw_over(engine, &frame, wild, 3, rects, HALO_RECTS_MAX, &n) == HALO_SUCCESS && n >= 1);
        for (size_t i = 0; i < n; i++)
            CHECK(rects[i].x >= 0 && rects[i].y >= 0 && rects[i].x + rects[i].width <= W && rects[i].y + rects[i].height <= H);
    }
    CHECK(halo_draw_over(engine, &frame, &one, 1, rects, 1, &n) == HALO_SUCCESS && n == 1);
    CHECK(halo_next_change(engine, 100) == 400); /* the show delay */
    CHECK(halo_next_change(engine, 1000) == 0);  /* no value: it turns */
    halo_forget(engine);
    CHECK(halo_prepare(engine, 1000, rects, HALO_RECTS_MAX, &n) == HALO_SUCCESS && n >= 1);
    CHECK(halo_command(engine, "dismiss up", 1000, NULL, 0) == HALO_SUCCESS);
    CHECK(halo_next_change(engine, 1000) == -1); /* gone at once: nothing more to change */
    CHECK(halo_next_change(engine, 100000) == -1);
    CHECK(halo_next_change(NULL, 0) == -1);
    /* The end of time, and then a time before it, which counts as it. */
    CHECK(halo_command(engine, "show late spinner", 0, NULL, 0) == HALO_SUCCESS);
    CHECK(halo_prepare(engine, UINT64_MAX, rects, 1, &n) == HALO_SUCCESS && n == 1);
    CHECK(halo_next_change(engine, 5) == 0 && halo_next_change(engine, UINT64_MAX) == 0);
    CHECK(halo_command(engine, "dismiss late", 5, NULL, 0) == HALO_SUCCESS && halo_next_change(engine, 5) == -1);
    CHECK(strcmp(halo_last_error(NULL), "") == 0);
    CHECK(halo_prepare(NULL, 0, rects, HALO_RECTS_MAX, &n) == HALO_ERROR_ARGUMENT);
    halo_forget(NULL);
    halo_destroy(engine);
    halo_destroy(NULL);
    input();
}

/* The app's layer laid over its own colour as a compositor would: pixman's OVER. */
static uint32_t blend(uint32_t src, uint32_t app) {
    uint32_t inverse = 255 - (src >> 24), out = 0;
    for (int shift = 0; shift <= 16; shift += 8) {
        uint32_t t = ((app >> shift) & 0xFF) * inverse + 128, c = ((src >> shift) & 0xFF) + ((t + (t >> 8)) >> 8);
        out |= (c > 255 ? 255 : c) << shift;
    }
    return out;
}

static void write_ppm(const char *dir, const char *name, const uint32_t *pixels, int blended) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        exit(1);
    }
    fprintf(f, "P6\n%d %d\n255\n", W, H);
    for (int i = 0; i < W * H; i++) {
        uint32_t v = blended ? blend(pixels[i], APP) : pixels[i];
        unsigned char rgb[3] = {(unsigned char)(v >> 16), (unsigned char)(v >> 8), (unsigned char)v};
        fwrite(rgb, 1, 3, f);
    }
    fclose(f);
}

/* A rectangle of the screen as it lies in the memory of a square panel turned `turn` degrees. */
static halo_rect on_panel(halo_rect r, int turn) {
    switch (turn) {
    case 90: return (halo_rect){W - r.y - r.height, r.x, r.height, r.width};
    case 180: return (halo_rect){W - r.x - r.width, H - r.y - r.height, r.width, r.height};
    case 270: return (halo_rect){r.y, H - r.x - r.width, r.height, r.width};
    default: return r;
    }
}

/* Frames every 16 ms for 2 s, as an app's loop draws them: the app repaints where asked. */
static void pictures(const char *board, const char *dir, int turn, int count, char **lines) {
    halo_engine *engine = make(board);
    halo_frame frame = {over, W, H, W * 4, HALO_FORMAT_XRGB8888, turn};
    halo_frame clear = {layer, W, H, W * 4, HALO_FORMAT_ARGB8888_PREMULTIPLIED, turn};
    halo_rect rects[HALO_RECTS_MAX], all = {0, 0, W, H};
    size_t n;
    char reply[256];
    fill(over, all, APP);
    fill(layer, all, 0xDEADBEEF);
    for (uint64_t ms = 0; ms <= 2000; ms += 16) {
        /* A line "@MS command" is sent in the first frame at or after MS; others at 0. */
        for (int i = 0; i < count; i++) {
            char *end = lines[i];
            uint64_t at = lines[i][0] == '@' ? strtoull(lines[i] + 1, &end, 10) : 0;
            if (at > ms || at + 16 <= ms) continue;
            if (halo_command(engine, end + (*end == ' '), ms, reply, sizeof reply) != HALO_SUCCESS) {
                fprintf(stderr, "%s: %s\n", lines[i], reply);
                exit(1);
            }
        }
        CHECK(halo_prepare(engine, ms, rects, HALO_RECTS_MAX, &n) == HALO_SUCCESS);
        for (size_t i = 0; i < n; i++) fill(over, on_panel(rects[i], turn), APP);
        CHECK(halo_draw_over(engine, &frame, NULL, 0, rects, HALO_RECTS_MAX, &n) == HALO_SUCCESS);
        CHECK(halo_draw_layer(engine, &clear, rects, HALO_RECTS_MAX, &n) == HALO_SUCCESS);
    }
    write_ppm(dir, "over.ppm", over, 0);
    write_ppm(dir, "layer.ppm", layer, 1);
    halo_destroy(engine);
}

/* Scenes whose frames must not allocate once seen: each line shown at 0 ms, then `then`
 * (a new value to glide to) before the frames that are counted. */
static const struct scene {
    const char *name, *lines[2], *then;
} scenes[] = {
    {"spinner", {"show wait spinner label=\"Connecting to the payment service\"", NULL}, NULL},
    {"ring", {"show up circular label=\"Uploading the holiday photos\" value=40%", NULL}, "progress up 0.9"},
    {"two at the centre", {"show a circular label=\"Copying\" value=10%", "show b linear label=\"Checking the disk\""}, "progress a 0.5"},
    {"top and centre", {"show sync circular label=\"Syncing the library\" value=20% place=top", "show wait spinner label=\"Connecting\""},
     "progress sync 0.6"},
    {"bar", {"show copy linear label=\"Copying the recordings\" value=20%", NULL}, "progress copy 0.7"},
    {"progress toast", {"show dl linear label=\"Downloading maps\" value=30% place=toast", NULL}, "progress dl 0.8"},
    {"dialog", {"show fw circular label=\"Updating the firmware\" value=5% place=dialog", NULL}, "progress fw 0.5"},
    {"toast", {"toast \"Saved to the gallery\"", NULL}, NULL},
    {"checkout", {"show pay checkout label=\"Paying 12.40\"", NULL}, NULL},
};

/* Allocations while the scenes were first seen: none would mean the counting never ran. */
static unsigned long seeing;

static unsigned long frames_allocations(const struct scene *scene) {
    halo_engine *engine = make(NULL);
    halo_frame frame = {over, W, H, W * 4, HALO_FORMAT_XRGB8888, 0};
    halo_frame clear = {layer, W, H, W * 4, HALO_FORMAT_ARGB8888_PREMULTIPLIED, 0};
    halo_rect rects[HALO_RECTS_MAX];
    size_t n;
    uint64_t ms = 0;
    unsigned long before = 0;
    for (int i = 0; i < 2 && scene->lines[i]; i++) CHECK(halo_command(engine, scene->lines[i], 0, NULL, 0) == HALO_SUCCESS);
    unsigned long start = allocations;
    /* The first pass sees the picture (its glyphs, its rings' shapes); the second is counted,
     * but for its first frame, which sees the new value's label. */
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1 && scene->then) CHECK(halo_command(engine, scene->then, ms, NULL, 0) == HALO_SUCCESS);
        if (pass == 1) seeing += allocations - start;
        for (int i = 0; i < 301; i++, ms += 16) {
            if (i == 1) before = allocations;
            halo_prepare(engine, ms, rects, HALO_RECTS_MAX, &n);
            for (size_t r = 0; r < n; r++) fill(over, rects[r], APP);
            halo_draw_over(engine, &frame, NULL, 0, rects, HALO_RECTS_MAX, &n);
            halo_draw_layer(engine, &clear, rects, HALO_RECTS_MAX, &n);
            (void)halo_next_change(engine, ms);
        }
    }
    before = allocations - before;
    halo_destroy(engine);
    return before;
}

static void allocations_per_frame(const char *only) {
    for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++) {
        if (only && strcmp(only, scenes[i].name) != 0) continue;
        unsigned long used = frames_allocations(&scenes[i]);
        printf("%s: %lu allocations in 300 frames\n", scenes[i].name, used);
        if (used != 0) failures++;
    }
    printf("allocations while the scenes were first seen: %lu\n", seeing);
    CHECK(seeing > 0);
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "checks") == 0) checks();
    else if (argc >= 5 && strcmp(argv[1], "pictures") == 0) pictures(argv[2], argv[3], atoi(argv[4]), argc - 5, argv + 5);
    else if ((argc == 2 || argc == 3) && strcmp(argv[1], "allocations") == 0) allocations_per_frame(argc == 3 ? argv[2] : NULL);
    else return fprintf(stderr, "usage: libhalo_test checks | pictures BOARD DIR TURN LINE... | allocations [SCENE]\n"), 2;
    return failures ? 1 : 0;
}
