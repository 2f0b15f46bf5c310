/*
 * The native floors under the process benchmarks: launch what the JVM launches, with the same pipe
 * handling (a pipe for stdout, read to EOF, then waitpid), by
 *   posix_spawn  glibc's posix_spawn (clone(CLONE_VM|CLONE_VFORK) since glibc 2.24): one exec
 *   helper       posix_spawn of native/spawn_helper, which execs the command: two execs, the shape of
 *                the JDK's POSIX_SPAWN since JDK 13 (jspawnhelper), so the mechanism's own cost is
 *                measured apart from what the JVM adds
 *   vfork        vfork() + execvp() in the child
 *   fork         fork() + execvp() in the child (page tables copied: cost grows with the parent's memory)
 *   spawnp       posix_spawnp() of a bare name (glibc searches PATH inside the clone)
 * vfork, fork and helper report a failed exec as the JDK's childProcess does: the errno written to a
 * close-on-exec pipe that the parent reads (EOF: the exec worked), then _exit(127).
 *
 * usage: spawn_baseline MODE WARMUP_ITERS ITERS ITER_MS CHILD [--helper PATH] [--missing NAME]
 *                       [--picks CMD,CMD,...] [--touch MIB] [--count N]
 *   --missing  launch NAME (a bare name on no PATH entry) instead of CHILD: each launch must fail with ENOENT
 *   --picks    launch these commands in turn (bare names are searched on PATH), the JVM's randomExisting picks
 *   --touch    before measuring, allocate MIB MiB and write every page: a parent as large as the JVM's
 *   --count    no timing: N launches, then exit (for strace -c: syscalls per launch by difference)
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

static const char *helper = NULL;
static char **picks = NULL;
static int npicks = 0, cursor = 0;

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

/* The errno a child wrote to the fail pipe, 0 on EOF (the exec worked). */
static int read_fail(int fd) {
    int e = 0;
    ssize_t n;
    do {
        n = read(fd, &e, sizeof e);
    } while (n < 0 && errno == EINTR);
    close(fd);
    return n == (ssize_t) sizeof e ? e : 0;
}

/* The child's side of vfork/fork: stdout to the pipe, exec, or report errno and exit. */
static void exec_child(int out, int fail, const char *cmd) {
    char *argv[] = {(char *) cmd, NULL};
    dup2(out, 1);
    execvp(cmd, argv);
    int e = errno;
    if (write(fail, &e, sizeof e) < 0) {
        _exit(126);
    }
    _exit(127);
}

/* One launch; returns 0 when it behaved as expected: started and exited 0, or (expect_fail) ENOENT. */
static int launch(const char *mode, const char *cmd, int expect_fail) {
    int out[2], fail[2] = {-1, -1};
    if (pipe2(out, O_CLOEXEC) != 0) {
        return -1;
    }
    pid_t pid = -1;
    int err = 0;
    if (strcmp(mode, "posix_spawn") == 0 || strcmp(mode, "spawnp") == 0 || strcmp(mode, "helper") == 0) {
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, out[1], 1);
        int rc;
        if (mode[0] == 'h') {
            /* the helper gets the fail pipe as fd 3 (dup2 clears close-on-exec; it sets it again) */
            if (pipe2(fail, O_CLOEXEC) != 0) {
                return -1;
            }
            posix_spawn_file_actions_adddup2(&fa, fail[1], 3);
            char *hargv[] = {(char *) helper, (char *) cmd, NULL};
            rc = posix_spawn(&pid, helper, &fa, NULL, hargv, environ);
        } else {
            char *argv[] = {(char *) cmd, NULL};
            /* by name, not by a character of it: before this floor was checked under strace, a test of
               mode[6] sent "spawnp_missing" to posix_spawn, one execve of the bare name in the cwd */
            rc = strcmp(mode, "spawnp") == 0 ? posix_spawnp(&pid, cmd, &fa, NULL, argv, environ)
                                             : posix_spawn(&pid, cmd, &fa, NULL, argv, environ);
        }
        posix_spawn_file_actions_destroy(&fa);
        close(out[1]);
        if (fail[1] >= 0) {
            close(fail[1]);
        }
        if (rc != 0) {
            close(out[0]);
            if (fail[0] >= 0) {
                close(fail[0]);
            }
            return expect_fail && rc == ENOENT ? 0 : -1;
        }
        if (fail[0] >= 0) {
            err = read_fail(fail[0]);
        }
    } else {
        if (pipe2(fail, O_CLOEXEC) != 0) {
            return -1;
        }
        pid = strcmp(mode, "vfork") == 0 ? vfork() : fork();
        if (pid == 0) {
            exec_child(out[1], fail[1], cmd);
        }
        close(out[1]);
        close(fail[1]);
        if (pid < 0) {
            close(out[0]);
            close(fail[0]);
            return -1;
        }
        err = read_fail(fail[0]);
    }
    drain(out[0]);
    int status = wait_child(pid);
    if (err != 0) {
        return expect_fail && err == ENOENT ? 0 : -1;
    }
    return !expect_fail && status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static char **split(char *list, int *n) {
    int cap = 1;
    for (char *c = list; *c; c++) {
        cap += *c == ',';
    }
    char **out = calloc(cap, sizeof *out);
    *n = 0;
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        out[(*n)++] = tok;
    }
    return out;
}

/* MiB of heap with every page written, so the kernel has mapped them all (FORK copies their page tables). */
static char *touch(long mib) {
    size_t bytes = (size_t) mib << 20;
    char *mem = bytes ? malloc(bytes) : NULL;
    long page = sysconf(_SC_PAGESIZE);
    for (size_t i = 0; mem && i < bytes; i += page) {
        mem[i] = 1;
    }
    return mem;
}

static int usage(const char *self) {
    fprintf(stderr, "usage: %s posix_spawn|helper|vfork|fork|spawnp WARMUP_ITERS ITERS ITER_MS CHILD "
            "[--helper PATH] [--missing NAME] [--picks CMD,...] [--touch MIB] [--count N]\n", self);
    return 2;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        return usage(argv[0]);
    }
    const char *mode = argv[1];
    int warmup = atoi(argv[2]), iters = atoi(argv[3]);
    double iter_us = atof(argv[4]) * 1000.0;
    const char *cmd = argv[5];
    const char *missing = NULL;
    long touch_mib = 0, count = -1;
    for (int i = 6; i < argc; i += 2) {
        if (i + 1 >= argc) {
            return usage(argv[0]);
        } else if (strcmp(argv[i], "--helper") == 0) {
            helper = argv[i + 1];
        } else if (strcmp(argv[i], "--missing") == 0) {
            missing = argv[i + 1];
        } else if (strcmp(argv[i], "--picks") == 0) {
            picks = split(argv[i + 1], &npicks);
        } else if (strcmp(argv[i], "--touch") == 0) {
            touch_mib = atol(argv[i + 1]);
        } else if (strcmp(argv[i], "--count") == 0) {
            count = atol(argv[i + 1]);
        } else {
            return usage(argv[0]);
        }
    }
    if (strcmp(mode, "helper") == 0 && helper == NULL) {
        fprintf(stderr, "%s: mode helper needs --helper PATH\n", argv[0]);
        return 2;
    }
    char *held = touch(touch_mib);
    if (touch_mib > 0 && held == NULL) {
        fprintf(stderr, "%s: could not allocate %ld MiB\n", argv[0], touch_mib);
        return 1;
    }
    for (long i = 0; count < 0 ? i < warmup + iters : i < 1; i++) {
        double start = now_us(), end;
        long ops = 0;
        do {
            const char *c = missing ? missing : npicks ? picks[cursor++ % npicks] : cmd;
            if (launch(mode, c, missing != NULL) != 0) {
                fprintf(stderr, "%s: launch of %s did not behave as expected: %s\n", mode, c, strerror(errno));
                return 1;
            }
            ops++;
            end = now_us();
        } while (count < 0 ? end - start < iter_us : ops < count);
        if (count < 0 && i >= warmup) {
            printf("%.3f\n", (end - start) / ops);
        }
    }
    free(held);
    return 0;
}
