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
