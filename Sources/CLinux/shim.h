// SPDX-License-Identifier: Apache-2.0
// Linux kernel interfaces that Swift's Glibc module leaves out. Headers only: nothing to link.
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/stat.h>
#include <signal.h>
#include <poll.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
#include <grp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/fb.h>
#include <sys/vfs.h>
#include <sys/inotify.h>
#include <time.h>

// The calling thread's id, for a timer aimed at that thread alone.
static inline pid_t halo_thread_id(void) { return gettid(); }

// The process at the other end of a connected Unix socket, as the kernel recorded it when it
// connected (SO_PEERCRED). glibc declares struct ucred only under _GNU_SOURCE, which this
// module cannot set before glibc's headers are read; the kernel's layout is these three fields.
struct halo_ucred {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};

static inline int halo_peer_credentials(int fd, pid_t *pid, uid_t *uid, gid_t *gid) {
    struct halo_ucred c;
    socklen_t length = sizeof c;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &c, &length) != 0) return -1;
    *pid = c.pid;
    *uid = c.uid;
    *gid = c.gid;
    return 0;
}

// The supplementary groups of the process at the other end of a connected Unix socket, as
// the kernel recorded them when it connected (SO_PEERGROUPS, Linux 4.13). Fills at most
// `capacity` groups; returns how many the peer has (more than `capacity` means: ask again
// with that much room), or -1 with errno set.
#ifndef SO_PEERGROUPS
#define SO_PEERGROUPS 59
#endif
static inline int halo_peer_groups(int fd, gid_t *groups, int capacity) {
    socklen_t length = (socklen_t)(capacity * (int)sizeof(gid_t));
    if (getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, groups, &length) != 0) {
        if (errno != ERANGE) return -1;
    }
    return (int)(length / sizeof(gid_t));
}

// A descriptor that polls readable once process `pid` has ended (pidfd_open, Linux 5.3; not
// yet declared by every C library this builds against). -1 with errno ENOSYS on older kernels.
#include <sys/syscall.h>
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
static inline int halo_pidfd_open(pid_t pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }

// spidev: the request numbers are _IOW macros, which do not reach Swift; these hand them over.
#include <linux/spi/spidev.h>
static inline unsigned long halo_spi_ioc_message_1(void) { return SPI_IOC_MESSAGE(1); }
static inline unsigned long halo_spi_ioc_wr_mode(void) { return SPI_IOC_WR_MODE; }
static inline unsigned long halo_spi_ioc_wr_bits_per_word(void) { return SPI_IOC_WR_BITS_PER_WORD; }
static inline unsigned long halo_spi_ioc_wr_max_speed_hz(void) { return SPI_IOC_WR_MAX_SPEED_HZ; }

// evdev: the request numbers are _IOC macros with a length inside, which do not reach Swift;
// and a struct input_event's time is a timeval on 64-bit systems but two longs on 32-bit ones
// built with 64-bit time, which only the header's own macros name.
#include <linux/input.h>
static inline unsigned long halo_eviocgbit(unsigned int type, unsigned int length) { return EVIOCGBIT(type, length); }
static inline unsigned long halo_eviocgprop(unsigned int length) { return EVIOCGPROP(length); }
static inline unsigned long halo_eviocgname(unsigned int length) { return EVIOCGNAME(length); }
static inline unsigned long halo_eviocgkey(unsigned int length) { return EVIOCGKEY(length); }
static inline unsigned long halo_eviocgabs(unsigned int axis) { return EVIOCGABS(axis); }
static inline unsigned long halo_eviocgmtslots(unsigned int length) { return EVIOCGMTSLOTS(length); }
static inline unsigned long halo_eviocsclockid(void) { return EVIOCSCLOCKID; }
static inline unsigned long halo_eviocgrab(void) { return EVIOCGRAB; }
static inline long long halo_input_event_microseconds(const struct input_event *e) {
    return (long long)e->input_event_sec * 1000000 + (long long)e->input_event_usec;
}

// inotify, to see input devices come and go under /dev/input.
#include <sys/inotify.h>
