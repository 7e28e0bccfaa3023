// SPDX-License-Identifier: Apache-2.0
// The protocols beyond the core one that the overlay speaks. Their tables are generated at
// build time by wayland-scanner from the XML the system ships (Plugins/WaylandScanner); only
// the names declared here are used. Requests are sent by name, looked up in these tables, so
// no opcode is written down twice.
#ifndef HALO_WAYLAND_PROTOCOLS_H
#define HALO_WAYLAND_PROTOCOLS_H
#include <sys/types.h>
#include <wayland-util.h>

extern const struct wl_interface zwlr_layer_shell_v1_interface;
extern const struct wl_interface zwlr_layer_surface_v1_interface;

// The tables' addresses: a C global seen from Swift is a value, not a place.
static inline const struct wl_interface *halo_layer_shell_interface(void) { return &zwlr_layer_shell_v1_interface; }
static inline const struct wl_interface *halo_layer_surface_interface(void) { return &zwlr_layer_surface_v1_interface; }

// An anonymous file of `size` bytes for a wl_shm pool, close-on-exec and sealed against
// shrinking; -1 with errno set on failure. (glibc declares memfd_create only under
// _GNU_SOURCE, which Swift's view of its headers lacks.)
int halo_shm_file(const char *name, off_t size);

#endif
