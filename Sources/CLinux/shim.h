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

// spidev: the request numbers are _IOW macros, which do not reach Swift; these hand them over.
#include <linux/spi/spidev.h>
static inline unsigned long halo_spi_ioc_message_1(void) { return SPI_IOC_MESSAGE(1); }
static inline unsigned long halo_spi_ioc_wr_mode(void) { return SPI_IOC_WR_MODE; }
static inline unsigned long halo_spi_ioc_wr_bits_per_word(void) { return SPI_IOC_WR_BITS_PER_WORD; }
static inline unsigned long halo_spi_ioc_wr_max_speed_hz(void) { return SPI_IOC_WR_MAX_SPEED_HZ; }
