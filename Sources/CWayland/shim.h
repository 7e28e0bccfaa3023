// SPDX-License-Identifier: Apache-2.0
// libwayland-client (Debian libwayland-dev): the core protocol's requests as inline functions,
// its interfaces as tables the library exports.
#include <wayland-client.h>

// The core interfaces' addresses: a C global seen from Swift is a value, not a place.
static inline const struct wl_interface *halo_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *halo_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *halo_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *halo_wl_seat_interface(void) { return &wl_seat_interface; }
