/*
 * The in-process floor: the system calls behind Java's file checks and file writes, made from the JVM through JNI
 * (jab.fork.Syscalls), so a question can interleave them with the Java APIs in one fork and the JVM's
 * own cost becomes a ratio measured under the same moment of the machine. The path is copied to
 * native memory once, in the benchmark's setup: what is timed is the JNI transition and the calls.
 * Built by jab as a shared library (gcc -shared -fPIC with the JDK's jni.h); the out-of-process C
 * floors (fs_baseline, write_baseline) stay as the cross-check.
 */
#include <errno.h>
#include <fcntl.h>
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

JNIEXPORT jlong JNICALL Java_jab_fork_Syscalls_path0(JNIEnv *env, jclass cls, jbyteArray bytes) {
    jsize n = (*env)->GetArrayLength(env, bytes);
    char *p = malloc((size_t) n + 1);
    if (p == NULL) {
        return 0;
    }
    (*env)->GetByteArrayRegion(env, bytes, 0, n, (jbyte *) p);
    p[n] = '\0';
    return (jlong) (intptr_t) p;
}

JNIEXPORT void JNICALL Java_jab_fork_Syscalls_free0(JNIEnv *env, jclass cls, jlong path) {
    free((void *) (intptr_t) path);
}

/* The file's mode, or -errno: both depend on the call's outcome, so the caller can consume them. */
JNIEXPORT jint JNICALL Java_jab_fork_Syscalls_stat0(JNIEnv *env, jclass cls, jlong path) {
    struct stat st;
    return stat((const char *) (intptr_t) path, &st) == 0 ? (jint) st.st_mode : -errno;
}

JNIEXPORT jint JNICALL Java_jab_fork_Syscalls_lstat0(JNIEnv *env, jclass cls, jlong path) {
    struct stat st;
    return lstat((const char *) (intptr_t) path, &st) == 0 ? (jint) st.st_mode : -errno;
}

JNIEXPORT jint JNICALL Java_jab_fork_Syscalls_access0(JNIEnv *env, jclass cls, jlong path) {
    return access((const char *) (intptr_t) path, F_OK) == 0 ? 0 : -errno;
}

/*
 * The in-process floor of the mmap family's write strategies: open the file, write TOTAL bytes in
 * CHUNK-byte write(2) calls from a chunk already in native memory, fsync when FORCE, close. Returns the
 * bytes written, or -errno (the file is left for the benchmark's tear-down to check and delete).
 */
JNIEXPORT jlong JNICALL Java_jab_fork_Syscalls_writeFile0(JNIEnv *env, jclass cls, jlong path, jlong chunk,
        jint chunkSize, jlong total, jboolean force) {
    int fd = open((const char *) (intptr_t) path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        return -errno;
    }
    const char *bytes = (const char *) (intptr_t) chunk;
    jlong written = 0;
    while (written < total) {
        size_t want = total - written < chunkSize ? (size_t) (total - written) : (size_t) chunkSize;
        size_t done = 0;
        while (done < want) {
            ssize_t w = write(fd, bytes + done, want - done);
            if (w < 0) {
                if (errno == EINTR) {
                    continue;
                }
                int e = errno;
                close(fd);
                return -e;
            }
            done += (size_t) w;
        }
        written += (jlong) want;
    }
    if (force && fsync(fd) != 0) {
        int e = errno;
        close(fd);
        return -e;
    }
    return close(fd) == 0 ? written : -errno;
}
