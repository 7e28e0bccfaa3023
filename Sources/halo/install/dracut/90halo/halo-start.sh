#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# dracut without systemd: starts the splash before udev's trigger, as Plymouth's module does.
# nosplash, plymouth.enable=0 or halo.splash=0 on the kernel command line leave it off.
type getarg >/dev/null 2>&1 || . /lib/dracut-lib.sh
getargbool 1 plymouth.enable && getargbool 1 halo.splash && ! getarg nosplash >/dev/null || return 0
mkdir -p -m 0755 /run/halo
/usr/bin/halo run --plymouth --detach --socket /run/halo/halo.sock </dev/null >/dev/null 2>/run/halo/initramfs.log
