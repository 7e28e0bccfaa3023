#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# dracut without systemd: the real root is mounted at $NEWROOT; the splash moves into it.
[ -x /usr/bin/halo ] && /usr/bin/halo plymouth --newroot="$NEWROOT" || true
