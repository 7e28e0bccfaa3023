// SPDX-License-Identifier: Apache-2.0
// What `halo --version` says of the build: the git commit it was built from, set by
// Package.swift from the checkout (or "unknown" outside one).
#ifndef HALO_BUILD_INFO_H
#define HALO_BUILD_INFO_H

const char *halo_build_commit(void);

#endif
