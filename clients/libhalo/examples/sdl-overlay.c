/* SPDX-License-Identifier: Apache-2.0 */
/* An SDL2 app that owns its window and shows Halo's indicator over its own picture, drawn in
 * place into the window's surface. Halo asks the app to repaint where its indicator changes;
 * the app flushes only the rectangles that changed.
 *
 *   cc sdl-overlay.c $(pkg-config --cflags --libs sdl2 halo) -o sdl-overlay && ./sdl-overlay
 *
 * With a file name it runs 2 s of frames 16 ms apart on a clock of its own and saves the
 * last frame there as a BMP (how CI checks it, with SDL_VIDEODRIVER=dummy). */
#include <SDL.h>
#include <halo.h>
#include <stdio.h>

enum { W = 480, H = 480 };

/* The app's own picture: a green screen with a header bar and a button. */
static void paint(SDL_Surface *s, halo_rect r) {
    SDL_Rect area = {r.x, r.y, r.width, r.height}, header = {0, 0, W, 48}, button = {160, 400, 160, 48}, part;
    SDL_FillRect(s, &area, SDL_MapRGB(s->format, 0x20, 0x80, 0x40));
    if (SDL_IntersectRect(&area, &header, &part)) SDL_FillRect(s, &part, SDL_MapRGB(s->format, 0x10, 0x30, 0x60));
    if (SDL_IntersectRect(&area, &button, &part)) SDL_FillRect(s, &part, SDL_MapRGB(s->format, 0xF0, 0xC0, 0x30));
}

static uint32_t halo_format_of(Uint32 sdl) {
    switch (sdl) {
    case SDL_PIXELFORMAT_XRGB8888: return HALO_FORMAT_XRGB8888;
    case SDL_PIXELFORMAT_ARGB8888: return HALO_FORMAT_ARGB8888;
    case SDL_PIXELFORMAT_XBGR8888: return HALO_FORMAT_XBGR8888;
    case SDL_PIXELFORMAT_RGB565: return HALO_FORMAT_RGB565;
    default: return 0;
    }
}

int main(int argc, char **argv) {
    const char *save = argc > 1 ? argv[1] : NULL;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) return fprintf(stderr, "SDL: %s\n", SDL_GetError()), 1;
    SDL_Window *window = SDL_CreateWindow("Halo over SDL", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, W, H, 0);
    SDL_Surface *surface = window ? SDL_GetWindowSurface(window) : NULL;
    if (!surface) return fprintf(stderr, "SDL: %s\n", SDL_GetError()), 1;
    halo_frame frame = {surface->pixels, surface->w, surface->h, surface->pitch, halo_format_of(surface->format->format), 0};

    halo_config config = {sizeof config, surface->w, surface->h, NULL, NULL};
    halo_engine *halo;
    char message[256];
    if (halo_create(&config, &halo, message, sizeof message) != HALO_SUCCESS) return fprintf(stderr, "libhalo: %s\n", message), 1;

    paint(surface, (halo_rect){0, 0, W, H});
    SDL_UpdateWindowSurface(window);
    halo_command(halo, "show upload circular label=\"Uploading photos\" value=0%", 0, NULL, 0);
    uint64_t start = SDL_GetTicks64(), now = 0;
    int percent = 0;
    for (int done = 0; !done; now = save ? now + 16 : SDL_GetTicks64() - start) {
        SDL_Event event;
        while (SDL_PollEvent(&event)) done |= event.type == SDL_QUIT;
        /* The app's work, done a percent every 100 ms. */
        if ((int)(now / 100) > percent && percent < 100) {
            char line[64];
            percent = now / 100 > 100 ? 100 : (int)(now / 100);
            snprintf(line, sizeof line, "progress upload %d%%", percent);
            halo_command(halo, line, now, NULL, 0);
        }

        halo_rect rects[HALO_RECTS_MAX];
        size_t count;
        halo_prepare(halo, now, rects, HALO_RECTS_MAX, &count);
        SDL_LockSurface(surface);
        for (size_t i = 0; i < count; i++) paint(surface, rects[i]);
        halo_result drew = halo_draw_over(halo, &frame, NULL, 0, rects, HALO_RECTS_MAX, &count);
        SDL_UnlockSurface(surface);
        if (drew != HALO_SUCCESS) return fprintf(stderr, "libhalo: %s\n", halo_last_error(halo)), 1;

        SDL_Rect shown[HALO_RECTS_MAX];
        for (size_t i = 0; i < count; i++) shown[i] = (SDL_Rect){rects[i].x, rects[i].y, rects[i].width, rects[i].height};
        if (count > 0) SDL_UpdateWindowSurfaceRects(window, shown, (int)count);
        if (save && now >= 2000) break;
        if (!save) SDL_Delay(16);
    }
    if (save && SDL_SaveBMP(surface, save) != 0) return fprintf(stderr, "SDL: %s\n", SDL_GetError()), 1;
    halo_destroy(halo);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
