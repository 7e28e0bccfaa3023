// SPDX-License-Identifier: Apache-2.0
// What `halo --version` says of the build: the git commit it was built from, set by
// Package.swift from the checkout (or "unknown" outside one); and the linker's build ID of
// the running program, which stays the same when the binary is stripped (empty without one).
#ifndef HALO_BUILD_INFO_H
#define HALO_BUILD_INFO_H

const char *halo_build_commit(void);
const char *halo_build_id(void);

#endif
