/*
 * The native floor under the process benchmarks: launch the same child the JVM launches, with the
 * same pipe handling (a pipe for stdout, read to EOF, then waitpid), by
 *   posix_spawn   glibc's posix_spawn (clone(CLONE_VM|CLONE_VFORK) since glibc 2.24), absolute path
 *   vfork         vfork() + execv() in the child
 *   fork          fork() + execv() in the child (page tables copied: cost grows with the parent's memory)
 *   spawnp_missing posix_spawnp() of a bare name that is on no PATH entry: the failure cost
 *
 * usage: spawn_baseline MODE WARMUP_ITERS ITERS ITER_MS CHILD
 * Prints one number per measured iteration: microseconds per launch (average over the iteration).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static const char *MISSING = "jab-no-such-command-native";

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void drain(int fd) {
    char buf[8192];
    ssize_t n;
    do {
        n = read(fd, buf, sizeof buf);
    } while (n > 0 || (n < 0 && errno == EINTR));
    close(fd);
}

static int wait_child(pid_t pid) {
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            return -1;
        }
    }
    return status;
}

/* One launch; returns 0 when it behaved as the mode expects (missing: the spawn failed with ENOENT). */
static int launch(const char *mode, const char *child) {
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) {
        return -1;
    }
    char *argv[] = {(char *) child, NULL};
    pid_t pid = -1;
    if (strcmp(mode, "posix_spawn") == 0 || strcmp(mode, "spawnp_missing") == 0) {
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, p[1], 1);
        int rc;
        if (mode[6] == 'p') {
            char *margv[] = {(char *) MISSING, NULL};
            rc = posix_spawnp(&pid, MISSING, &fa, NULL, margv, environ);
        } else {
            rc = posix_spawn(&pid, child, &fa, NULL, argv, environ);
        }
        posix_spawn_file_actions_destroy(&fa);
        close(p[1]);
        if (rc != 0) {
            close(p[0]);
            return mode[6] == 'p' && rc == ENOENT ? 0 : -1;
        }
        if (mode[6] == 'p') { /* a missing command that started: not what we measure */
            drain(p[0]);
            wait_child(pid);
            return -1;
        }
    } else {
        int use_vfork = strcmp(mode, "vfork") == 0;
        pid = use_vfork ? vfork() : fork();
        if (pid == 0) {
            dup2(p[1], 1);
            execv(child, argv);
            _exit(127);
        }
        close(p[1]);
        if (pid < 0) {
            close(p[0]);
            return -1;
        }
    }
    drain(p[0]);
    int status = wait_child(pid);
    return status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s posix_spawn|vfork|fork|spawnp_missing WARMUP_ITERS ITERS ITER_MS CHILD\n", argv[0]);
        return 2;
    }
    const char *mode = argv[1];
    int warmup = atoi(argv[2]), iters = atoi(argv[3]);
    double iter_us = atof(argv[4]) * 1000.0;
    const char *child = argv[5];
    for (int i = 0; i < warmup + iters; i++) {
        double start = now_us(), end;
        long ops = 0;
        do {
            if (launch(mode, child) != 0) {
                fprintf(stderr, "%s: launch of %s failed: %s\n", mode, child, strerror(errno));
                return 1;
            }
            ops++;
            end = now_us();
        } while (end - start < iter_us);
        if (i >= warmup) {
            printf("%.3f\n", (end - start) / ops);
        }
    }
    return 0;
}
