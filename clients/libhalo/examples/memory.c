/* SPDX-License-Identifier: Apache-2.0 */
/* Halo's indicators over an app's picture in plain memory, as on any screen an app owns:
 * a spinner, then a toast once the work is done, drawn frame by frame over a gradient that
 * the app repaints where Halo asks. Writes the last frame to the PPM file named.
 *
 *   cc memory.c $(pkg-config --cflags --libs halo) -o memory && ./memory frame.ppm */
#include <halo.h>
#include <stdint.h>
#include <stdio.h>

enum { W = 480, H = 320 };
static uint32_t pixels[W * H]; /* XRGB8888 */

static void paint(halo_rect r) {
    for (int y = r.y; y < r.y + r.height; y++)
        for (int x = r.x; x < r.x + r.width; x++) pixels[y * W + x] = (uint32_t)(x * 255 / W) << 16 | (uint32_t)(y * 255 / H) << 8 | 0x80;
}

/* A control line, as `halo ctl` sends it; a refusal is printed with Halo's reason. */
static void send(halo_engine *halo, const char *line, uint64_t ms) {
    char reply[256];
    if (halo_command(halo, line, ms, reply, sizeof reply) != HALO_SUCCESS) fprintf(stderr, "%s: %s\n", line, reply);
}

int main(int argc, char **argv) {
    halo_config config = {sizeof config, W, H, NULL, NULL};
    halo_frame frame = {pixels, W, H, W * 4, HALO_FORMAT_XRGB8888, 0};
    halo_rect rects[HALO_RECTS_MAX];
    size_t count;
    halo_engine *halo;
    char message[256];
    if (argc != 2) return fprintf(stderr, "usage: memory OUT.ppm\n"), 2;
    if (halo_create(&config, &halo, message, sizeof message) != HALO_SUCCESS) return fprintf(stderr, "libhalo: %s\n", message), 1;
    paint((halo_rect){0, 0, W, H});
    send(halo, "show sync spinner label=\"Syncing\"", 0);
    for (uint64_t ms = 0; ms <= 3000; ms += 16) {
        if (ms == 2000) send(halo, "dismiss sync", ms);
        if (ms == 2000) send(halo, "toast \"12 files are on the tablet\"", ms);
        halo_prepare(halo, ms, rects, HALO_RECTS_MAX, &count);
        for (size_t i = 0; i < count; i++) paint(rects[i]);
        if (halo_draw_over(halo, &frame, NULL, 0, rects, HALO_RECTS_MAX, &count) != HALO_SUCCESS)
            return fprintf(stderr, "libhalo: %s\n", halo_last_error(halo)), 1;
    }
    halo_destroy(halo);
    FILE *out = fopen(argv[1], "wb");
    if (!out) return perror(argv[1]), 1;
    fprintf(out, "P6\n%d %d\n255\n", W, H);
    for (int i = 0; i < W * H; i++) fputc(pixels[i] >> 16 & 0xFF, out), fputc(pixels[i] >> 8 & 0xFF, out), fputc(pixels[i] & 0xFF, out);
    return fclose(out) == 0 ? 0 : 1;
}
