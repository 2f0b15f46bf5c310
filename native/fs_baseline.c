/*
 * Native baseline of the fs family: the cost of one C call on the same paths the JMH benchmark
 * checks, timed the way JMH times avgt: run the call in a loop for ITER_MS, divide. There is one
 * call for each call the JDKs are seen to make (jab verify fs traces both sides), so every JVM
 * figure can be divided by the C call that makes the same syscall:
 *   stat            stat(p)                                 follows a final symlink
 *   lstat           lstat(p)                                does not
 *   statx           statx(AT_FDCWD, p, 0, mask)             follows (mask: the JDK's, basic + btime)
 *   statx_nofollow  statx(AT_FDCWD, p, AT_SYMLINK_NOFOLLOW, mask)
 *   access          access(p, F_OK)
 *   syscall_stat    syscall(SYS_stat, p): the old stat syscall, which glibc's stat() no longer makes
 *                   but a JDK's own native code may (JDK builds linked against an older glibc's stat)
 * Which syscall each C call becomes is glibc's business (stat may be newfstatat): jab traces it
 * rather than assuming.
 *
 * usage: fs_baseline CALL WARMUP_ITERATIONS ITERATIONS ITER_MS PATH_FILE
 *        fs_baseline CALL --count N PATH_FILE     exactly N calls, untimed (for strace)
 * PATH_FILE holds one path per line, in the order to check them (one line: the same path every
 * time; many lines: the harness writes the benchmark's random pick sequence).
 * Prints one line per measured iteration: microseconds per call (--count: the number of calls
 * that succeeded).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef STATX_BASIC_STATS
#include <linux/stat.h>
#endif

enum call { STAT, LSTAT, STATX, STATX_NOFOLLOW, ACCESS, SYSCALL_STAT };
static const char *const CALLS[] = {"stat", "lstat", "statx", "statx_nofollow", "access", "syscall_stat"};

static struct stat st;
static struct statx stx;

static int do_statx(const char *p, int flags) {
#ifdef SYS_statx
    /* The syscall itself, so an old glibc without a statx wrapper measures the same thing. */
    return (int) syscall(SYS_statx, AT_FDCWD, p, flags, STATX_BASIC_STATS | STATX_BTIME, &stx);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/* 1 when the call succeeded. */
static int check(enum call c, const char *p) {
    switch (c) {
    case STAT: return stat(p, &st) == 0;
    case LSTAT: return lstat(p, &st) == 0;
    case STATX: return do_statx(p, 0) == 0;
    case STATX_NOFOLLOW: return do_statx(p, AT_SYMLINK_NOFOLLOW) == 0;
    case SYSCALL_STAT:
#ifdef SYS_stat
        return syscall(SYS_stat, p, &st) == 0;
#else
        return 0; /* no such syscall on this architecture (aarch64): the trace shows none */
#endif
    default: return access(p, F_OK) == 0;
    }
}

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

static int usage(const char *self) {
    fprintf(stderr, "usage: %s stat|lstat|statx|statx_nofollow|access|syscall_stat WARMUP ITERATIONS ITER_MS PATH_FILE\n"
                    "       %s CALL --count N PATH_FILE\n", self, self);
    return 2;
}

int main(int argc, char **argv) {
    if (argc != 6 && !(argc == 5 && strcmp(argv[2], "--count") == 0)) return usage(argv[0]);
    int call = -1;
    for (int i = 0; i < (int) (sizeof CALLS / sizeof *CALLS); i++) {
        if (strcmp(argv[1], CALLS[i]) == 0) call = i;
    }
    if (call < 0) { fprintf(stderr, "unknown call %s\n", argv[1]); return usage(argv[0]); }
    size_t n;
    char **paths = read_paths(argv[argc - 1], &n);
    long found = 0; /* consumed below, so the calls' results are used */
    size_t next = 0;
    if (argc == 5) {
        long count = atol(argv[3]);
        for (long i = 0; i < count; i++) {
            found += check(call, paths[next]);
            next = next + 1 == n ? 0 : next + 1;
        }
        printf("%ld\n", found);
        return 0;
    }
    int warmup = atoi(argv[2]), iterations = atoi(argv[3]);
    double iter_ns = atof(argv[4]) * 1e6;
    for (int it = -warmup; it < iterations; it++) {
        long ops = 0;
        double start = now_ns(), elapsed;
        do {
            for (int k = 0; k < 256; k++) {
                const char *p = paths[next];
                next = next + 1 == n ? 0 : next + 1;
                found += check(call, p);
            }
            ops += 256;
            elapsed = now_ns() - start;
        } while (elapsed < iter_ns);
        if (it >= 0) printf("%.6f\n", elapsed / ops / 1000.0);
    }
    fprintf(stderr, "found %ld\n", found);
    return 0;
}
