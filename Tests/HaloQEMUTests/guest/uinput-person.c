// SPDX-License-Identifier: Apache-2.0
// A person at the guest's screen, for Halo's QEMU tests: makes a multitouch touchscreen (on
// the screen's glass: INPUT_PROP_DIRECT, axes 0..4095) and a keyboard through the kernel's
// uinput, plays the actions given as arguments, and unplugs both at the end.
//
//   uinput-person 'wait 1000' 'tap 2048 1024' 'slide 100 100 900 100' 'key 1' ...
//   uinput-person - < FIFO      (one action a line, each played as it comes: a scenario
//                                 types once it has seen the state it waits for)
//
// wait MS, tap X Y (down, 60 ms, up), slide X0 Y0 X1 Y1 (down, move off, up), key CODE,
// down X Y and up (a contact held across other steps), moves N (N moves of the held contact
// as fast as they can be written, to overflow a reader's buffer), mark NAME (creates
// /tmp/NAME, so a scenario can see that the steps before it were played).
// Built static on the host (gcc -static) so the busybox guest needs no libraries.
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static void pause_ms(int ms) {
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static void emit(int fd, int type, int code, int value) {
    struct input_event e;
    memset(&e, 0, sizeof e);
    e.type = (unsigned short)type;
    e.code = (unsigned short)code;
    e.value = value;
    if (write(fd, &e, sizeof e) != (ssize_t)sizeof e) perror("uinput-person: write");
}

static void axis(int fd, int code, int maximum) {
    struct uinput_abs_setup a;
    memset(&a, 0, sizeof a);
    a.code = (unsigned short)code;
    a.absinfo.maximum = maximum;
    if (ioctl(fd, UI_ABS_SETUP, &a) < 0) perror("uinput-person: UI_ABS_SETUP");
}

static int create(const char *name, int touch) {
    int fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) {
        perror("uinput-person: /dev/uinput");
        exit(1);
    }
    ioctl(fd, UI_SET_EVBIT, EV_KEY);
    if (touch) {
        ioctl(fd, UI_SET_EVBIT, EV_ABS);
        ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
        ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
        int codes[] = {ABS_X, ABS_Y, ABS_MT_POSITION_X, ABS_MT_POSITION_Y};
        for (int i = 0; i < 4; i++) {
            ioctl(fd, UI_SET_ABSBIT, codes[i]);
            axis(fd, codes[i], 4095);
        }
        ioctl(fd, UI_SET_ABSBIT, ABS_MT_SLOT);
        axis(fd, ABS_MT_SLOT, 9);
        ioctl(fd, UI_SET_ABSBIT, ABS_MT_TRACKING_ID);
        axis(fd, ABS_MT_TRACKING_ID, 65535);
    } else {
        for (int k = KEY_ESC; k <= KEY_MICMUTE; k++) ioctl(fd, UI_SET_KEYBIT, k);
    }
    struct uinput_setup s;
    memset(&s, 0, sizeof s);
    s.id.bustype = BUS_VIRTUAL;
    s.id.vendor = 0x1209;
    s.id.product = touch ? 1 : 2;
    snprintf(s.name, sizeof s.name, "%s", name);
    if (ioctl(fd, UI_DEV_SETUP, &s) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) {
        perror("uinput-person: UI_DEV_CREATE");
        exit(1);
    }
    return fd;
}

static int tracking = 1;

static void contact(int fd, int x, int y, int down) {
    emit(fd, EV_ABS, ABS_MT_SLOT, 0);
    emit(fd, EV_ABS, ABS_MT_TRACKING_ID, down ? tracking : -1);
    if (down) {
        emit(fd, EV_ABS, ABS_MT_POSITION_X, x);
        emit(fd, EV_ABS, ABS_MT_POSITION_Y, y);
        emit(fd, EV_ABS, ABS_X, x);
        emit(fd, EV_ABS, ABS_Y, y);
    }
    emit(fd, EV_KEY, BTN_TOUCH, down);
    emit(fd, EV_SYN, SYN_REPORT, 0);
}

static void move(int fd, int x, int y) {
    emit(fd, EV_ABS, ABS_MT_POSITION_X, x);
    emit(fd, EV_ABS, ABS_MT_POSITION_Y, y);
    emit(fd, EV_ABS, ABS_X, x);
    emit(fd, EV_ABS, ABS_Y, y);
    emit(fd, EV_SYN, SYN_REPORT, 0);
}

/* Plays one action; 0, or 2 for one it cannot read. */
static int act(int touch, int keys, const char *step) {
    int a = 0, b = 0, c = 0, d = 0;
    if (sscanf(step, "wait %d", &a) == 1) {
        pause_ms(a);
    } else if (sscanf(step, "tap %d %d", &a, &b) == 2) {
        contact(touch, a, b, 1);
        pause_ms(60);
        contact(touch, a, b, 0);
        tracking++;
    } else if (sscanf(step, "slide %d %d %d %d", &a, &b, &c, &d) == 4) {
        contact(touch, a, b, 1);
        pause_ms(30);
        move(touch, c, d);
        pause_ms(30);
        contact(touch, c, d, 0);
        tracking++;
    } else if (sscanf(step, "down %d %d", &a, &b) == 2) {
        contact(touch, a, b, 1);
    } else if (strncmp(step, "up", 2) == 0 && (step[2] == 0 || step[2] == '\n')) {
        contact(touch, 0, 0, 0);
        tracking++;
    } else if (sscanf(step, "moves %d", &a) == 1) {
        for (int k = 0; k < a; k++) move(touch, 1000 + k % 2000, 1000);
    } else if (strncmp(step, "mark ", 5) == 0) {
        char path[96];
        snprintf(path, sizeof path, "/tmp/%.*s", (int)strcspn(step + 5, "\n/"), step + 5);
        int fd = open(path, O_WRONLY | O_CREAT, 0644);
        if (fd >= 0) close(fd);
    } else if (sscanf(step, "key %d", &a) == 1) {
        emit(keys, EV_KEY, a, 1);
        emit(keys, EV_SYN, SYN_REPORT, 0);
        pause_ms(40);
        emit(keys, EV_KEY, a, 0);
        emit(keys, EV_SYN, SYN_REPORT, 0);
    } else {
        fprintf(stderr, "uinput-person: cannot read '%s'\n", step);
        return 2;
    }
    return 0;
}

int main(int argc, char **argv) {
    int touch = create("Halo test touchscreen", 1);
    int keys = create("Halo test keyboard", 0);
    if (argc == 2 && strcmp(argv[1], "-") == 0) {
        char line[128];
        while (fgets(line, sizeof line, stdin))
            if (line[0] != '\n' && act(touch, keys, line) != 0) return 2;
    } else {
        for (int i = 1; i < argc; i++)
            if (act(touch, keys, argv[i]) != 0) return 2;
    }
    ioctl(touch, UI_DEV_DESTROY);
    ioctl(keys, UI_DEV_DESTROY);
    return 0;
}
