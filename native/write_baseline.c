/*
 * Native baseline of the mmap family: time to write TOTAL bytes front to back in CHUNK pieces to a
 * fresh file, with write(2) or with mmap(2)+memcpy, timed like JMH's single-shot mode: one file
 * per iteration, from open to close (fsync included when FORCE is 1), the unlink outside the timing.
 * The chunk holds the same 'a'..'z' pattern the Java and Ruby strategies write.
 *
 * usage: write_baseline write|mmap CHUNK TOTAL FORCE WARMUP ITERATIONS FILE
 * Prints one line per measured iteration: milliseconds per file.
 */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void die(const char *what, const char *file) {
    fprintf(stderr, "%s %s: %s\n", what, file, strerror(errno));
    unlink(file);
    exit(1);
}

static void with_write(const char *file, const char *chunk, size_t n, long long total, int force) {
    int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) die("open", file);
    for (long long left = total; left > 0;) {
        size_t want = left < (long long) n ? (size_t) left : n;
        size_t done = 0;
        while (done < want) {
            ssize_t w = write(fd, chunk + done, want - done);
            if (w < 0) { if (errno == EINTR) continue; die("write", file); }
            done += (size_t) w;
        }
        left -= (long long) want;
    }
    if (force && fsync(fd) != 0) die("fsync", file);
    if (close(fd) != 0) die("close", file);
}

static void with_mmap(const char *file, const char *chunk, size_t n, long long total, int force) {
    int fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) die("open", file);
    if (ftruncate(fd, (off_t) total) != 0) die("ftruncate", file);
    char *map = mmap(NULL, (size_t) total, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) die("mmap", file);
    long long pos = 0;
    for (; total - pos >= (long long) n; pos += (long long) n) {
        memcpy(map + pos, chunk, n);
    }
    memcpy(map + pos, chunk, (size_t) (total - pos));
    if (force && msync(map, (size_t) total, MS_SYNC) != 0) die("msync", file);
    if (munmap(map, (size_t) total) != 0) die("munmap", file);
    if (force && fsync(fd) != 0) die("fsync", file);
    if (close(fd) != 0) die("close", file);
}

int main(int argc, char **argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: %s write|mmap CHUNK TOTAL FORCE WARMUP ITERATIONS FILE\n", argv[0]);
        return 2;
    }
    int use_mmap = strcmp(argv[1], "mmap") == 0;
    if (!use_mmap && strcmp(argv[1], "write") != 0) { fprintf(stderr, "unknown method %s\n", argv[1]); return 2; }
    size_t n = (size_t) atol(argv[2]);
    long long total = atoll(argv[3]);
    int force = atoi(argv[4]), warmup = atoi(argv[5]), iterations = atoi(argv[6]);
    const char *file = argv[7];
    if (n == 0 || total <= 0) { fprintf(stderr, "CHUNK and TOTAL must be > 0\n"); return 2; }
    char *chunk = malloc(n);
    for (size_t i = 0; i < n; i++) chunk[i] = (char) ('a' + i % 26);
    for (int it = -warmup; it < iterations; it++) {
        double start = now_ns();
        if (use_mmap) with_mmap(file, chunk, n, total, force);
        else with_write(file, chunk, n, total, force);
        double elapsed = now_ns() - start;
        if (unlink(file) != 0) die("unlink", file);
        if (it >= 0) printf("%.6f\n", elapsed / 1e6);
        fflush(stdout);
    }
    free(chunk);
    return 0;
}
