/* SPDX-License-Identifier: Apache-2.0 */
/* An upload shown with Halo: cc -o upload upload.c && ./upload [SOCKET] */
#define HALO_CLIENT_IMPLEMENTATION
#include "../halo_client.h"
#include <stdio.h>

int main(int argc, char **argv) {
    halo_client halo;
    if (halo_connect(&halo, argc > 1 ? argv[1] : NULL, 2000) != HALO_OK) return perror("halo"), 1;
    if (halo_show(&halo, "upload", "circular", "Uploading photos", 0) != HALO_OK) return puts(halo_reply(&halo)), 1;
    for (int done = 1; done <= 10; done++) halo_progress(&halo, "upload", done / 10.0); /* your work here */
    int status = halo_succeed(&halo, "upload", "Photos uploaded");
    halo_close(&halo);
    return status == HALO_OK ? 0 : 1;
}
