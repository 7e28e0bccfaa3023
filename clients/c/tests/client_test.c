/* SPDX-License-Identifier: Apache-2.0 */
/* halo_client.h against a real daemon: typed errors, quoting, events. Built as C99 and as C++
 * with every warning an error; run by HaloCommandTests' CClientTests. */
#define HALO_CLIENT_IMPLEMENTATION
#include "../halo_client.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int failures;
#define CHECK(condition) \
    do { \
        if (!(condition)) { \
            fprintf(stderr, "failed: %s (line %d; reply: %s)\n", #condition, __LINE__, halo_reply(&halo)); \
            failures++; \
        } \
    } while (0)

int main(int argc, char **argv) {
    halo_client halo, person;
    char event[HALO_EVENT_BYTES];
    char long_label[5000];
    int got;
    if (argc != 2) return fprintf(stderr, "usage: client_test SOCKET\n"), 2;
    CHECK(halo_connect(&halo, "/nonexistent/halo.sock", 1000) == HALO_E_IO);
    if (halo_connect(&halo, argv[1], 2000) != HALO_OK) return perror("connect"), 1;
    CHECK(halo_show(&halo, "job", "circular", "Copying \"the\" files \\ now", 0.25) == HALO_OK);
    CHECK(halo_progress(&halo, "job", 0.5) == HALO_OK);
    CHECK(halo_progress(&halo, "nobody", 0.5) == HALO_E_UNKNOWN_ID);
    CHECK(strncmp(halo_reply(&halo), "error unknown-id:", 17) == 0);
    CHECK(halo_show(&halo, "big", "circular", NULL, 2.0) == HALO_E_OUT_OF_RANGE);
    CHECK(halo_show(&halo, "odd", "hexagonal", NULL, -1) == HALO_E_INVALID);
    CHECK(halo_label(&halo, "job", "two\nlines") == HALO_E_INVALID);
    memset(long_label, 'x', sizeof long_label - 1);
    long_label[sizeof long_label - 1] = '\0';
    CHECK(halo_toast(&halo, long_label) == HALO_E_INVALID);
    CHECK(halo_send(&halo, "frobnicate") == HALO_E_UNKNOWN_COMMAND);
    /* Refused before sending: an id that would be cut, a value that is no number. */
    CHECK(halo_progress(&halo, "an-id-far-too-long-to-be-sent-whole-because-it-would-be-cut-and-name-another", 0.5) == HALO_E_TOO_LONG);
    CHECK(halo_progress(&halo, "job", NAN) == HALO_E_OUT_OF_RANGE);
    CHECK(halo_show(&halo, "stop", "circular", "Working", 0.3) == HALO_OK);
    CHECK(halo_send(&halo, "show tap circular label=\"Tap me\" value=0.3 cancellable=yes") == HALO_OK);
    usleep(800000); /* past the board's show delay: the stop icon is on the screen */
    CHECK(halo_subscribe(&halo) == HALO_OK);
    if (halo_connect(&person, argv[1], 2000) != HALO_OK) return perror("connect"), 1;
    CHECK(halo_send(&person, "person tap-icon tap") == HALO_OK);
    halo_close(&person);
    /* A reply and an event crossing: the event waits in the queue. */
    CHECK(halo_progress(&halo, "stop", 0.6) == HALO_OK);
    got = 0;
    while (halo_next_event(&halo, event, sizeof event, 3000) == 1) {
        if (strcmp(event, "cancel-requested tap source=touch") == 0) {
            got = 1;
            break;
        }
    }
    CHECK(got);
    CHECK(halo_succeed(&halo, "job", "Files copied") == HALO_OK);
    CHECK(halo_progress(&halo, "job", 0.9) == HALO_E_ENDED);
    halo_close(&halo);
    if (failures == 0) puts("all checks passed");
    return failures == 0 ? 0 : 1;
}
