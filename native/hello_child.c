/*
 * The child every process benchmark launches (seed 001's tiny C program): prints one line and exits 0.
 * With "--bytes N" it writes N bytes to stdout instead, to prove the output pumps of every library
 * drain a child that writes more than a pipe holds (64 KiB on Linux) without deadlock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--bytes") == 0) {
        long left = atol(argv[2]);
        char buf[65536];
        memset(buf, 'x', sizeof buf);
        while (left > 0) {
            long n = left < (long) sizeof buf ? left : (long) sizeof buf;
            ssize_t w = write(1, buf, (size_t) n);
            if (w <= 0) {
                return 1;
            }
            left -= w;
        }
        return 0;
    }
    fputs("Hello from C!\n", stdout);
    return 0;
}
