/*
 * Native baseline of the fs family: the cost of stat(2) or access(F_OK) on the same paths the JMH
 * benchmark checks, timed the way JMH times avgt: run the call in a loop for ITER_MS, divide.
 *
 * usage: fs_baseline stat|access WARMUP_ITERATIONS ITERATIONS ITER_MS PATH_FILE
 * PATH_FILE holds one path per line, in the order to check them (one line: the same path every
 * time; many lines: the harness writes the benchmark's random pick sequence).
 * Prints one line per measured iteration: microseconds per call.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static char **read_paths(const char *file, size_t *count) {
    FILE *f = fopen(file, "r");
    if (!f) { perror(file); exit(2); }
    size_t cap = 1024, n = 0;
    char **paths = malloc(cap * sizeof *paths);
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (!line[0]) continue;
        if (n == cap) { cap *= 2; paths = realloc(paths, cap * sizeof *paths); }
        paths[n++] = strdup(line);
    }
    fclose(f);
    if (n == 0) { fprintf(stderr, "%s: no paths\n", file); exit(2); }
    *count = n;
    return paths;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s stat|access WARMUP ITERATIONS ITER_MS PATH_FILE\n", argv[0]);
        return 2;
    }
    int use_stat = strcmp(argv[1], "stat") == 0;
    if (!use_stat && strcmp(argv[1], "access") != 0) { fprintf(stderr, "unknown call %s\n", argv[1]); return 2; }
    int warmup = atoi(argv[2]), iterations = atoi(argv[3]);
    double iter_ns = atof(argv[4]) * 1e6;
    size_t n;
    char **paths = read_paths(argv[5], &n);
    struct stat st;
    long found = 0; /* consumed below, so the calls' results are used */
    size_t next = 0;
    for (int it = -warmup; it < iterations; it++) {
        long ops = 0;
        double start = now_ns(), elapsed;
        do {
            for (int k = 0; k < 256; k++) {
                const char *p = paths[next];
                next = next + 1 == n ? 0 : next + 1;
                found += use_stat ? stat(p, &st) == 0 : access(p, F_OK) == 0;
            }
            ops += 256;
            elapsed = now_ns() - start;
        } while (elapsed < iter_ns);
        if (it >= 0) printf("%.6f\n", elapsed / ops / 1000.0);
    }
    fprintf(stderr, "found %ld\n", found);
    return 0;
}
