/*
 * The native floor under the kv latency benchmarks: the same one-thread work from C on a plain
 * open-addressing hash table, as KvLatencyBenchmark does on the store and on ConcurrentHashMap.
 * The harness writes the workload KvWorkload makes (the same 16,384 keys, 32-byte values and the
 * same sequence of operations and keys), so every side replays the same work:
 *   get    look up a present key, read the value's length
 *   set    overwrite a present key's value (the value is stored by reference, as the JVM maps do)
 *   mixed  the 70/25/5 get/set/del sequence (deleted keys come back with later sets)
 * A key's hash is computed once, at load time, as ByteKey caches its own.
 *
 * usage: kv_baseline get|set|mixed WARMUP ITERATIONS ITER_MS WORKLOAD_FILE
 * WORKLOAD_FILE: a line "KEYS SEQUENCE", KEYS lines "key value", SEQUENCE lines "op keyIndex"
 * (op 0 get, 1 set, 2 del). Prints one number per measured iteration: nanoseconds per operation.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { const char *key; size_t len; uint64_t hash; } Key;
typedef struct { const Key *key; const char *value; int state; } Slot; /* state: 0 empty, 1 full, 2 deleted */

static Slot *table;
static size_t mask;

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static uint64_t fnv1a(const char *s, size_t n) {
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) { h ^= (unsigned char) s[i]; h *= 1099511628211ULL; }
    return h ^ (h >> 29);
}

/* The slot holding k, or the first free slot on k's probe path (a deleted one if seen first). */
static Slot *find(const Key *k) {
    Slot *free_slot = NULL;
    for (size_t i = k->hash & mask;; i = (i + 1) & mask) {
        Slot *s = &table[i];
        if (s->state == 0) return free_slot ? free_slot : s;
        if (s->state == 2) { if (!free_slot) free_slot = s; continue; }
        if (s->key->hash == k->hash && s->key->len == k->len && memcmp(s->key->key, k->key, k->len) == 0) return s;
    }
}

static int get(const Key *k) {
    Slot *s = find(k);
    return s->state == 1 ? 32 : -1; /* the value's length, as KvWorkload.read returns it */
}

static void set(const Key *k, const char *value) {
    Slot *s = find(k);
    s->key = k; s->value = value; s->state = 1;
}

static int del(const Key *k) {
    Slot *s = find(k);
    if (s->state != 1) return 0;
    s->state = 2;
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s get|set|mixed WARMUP ITERATIONS ITER_MS WORKLOAD_FILE\n", argv[0]);
        return 2;
    }
    const char *mode = argv[1];
    int warmup = atoi(argv[2]), iterations = atoi(argv[3]);
    double iter_ns = atof(argv[4]) * 1e6;
    FILE *f = fopen(argv[5], "r");
    size_t nkeys, nseq;
    if (!f || fscanf(f, "%zu %zu", &nkeys, &nseq) != 2 || nkeys == 0 || (nseq & (nseq - 1)) != 0) {
        fprintf(stderr, "%s: not a workload file\n", argv[5]);
        return 2;
    }
    Key *keys = calloc(nkeys, sizeof *keys);
    char **values = calloc(nkeys, sizeof *values);
    int *op = calloc(nseq, sizeof *op), *key_index = calloc(nseq, sizeof *key_index);
    char kbuf[256], vbuf[256];
    for (size_t i = 0; i < nkeys; i++) {
        if (fscanf(f, "%255s %255s", kbuf, vbuf) != 2) { fprintf(stderr, "short workload file\n"); return 2; }
        keys[i].key = strdup(kbuf); keys[i].len = strlen(kbuf); keys[i].hash = fnv1a(kbuf, keys[i].len);
        values[i] = strdup(vbuf);
    }
    for (size_t i = 0; i < nseq; i++) {
        if (fscanf(f, "%d %d", &op[i], &key_index[i]) != 2 || key_index[i] < 0 || (size_t) key_index[i] >= nkeys) {
            fprintf(stderr, "bad operation %zu\n", i);
            return 2;
        }
    }
    fclose(f);
    size_t cap = 1;
    while (cap < nkeys * 4) cap <<= 1; /* load factor 1/4 at most, tombstones included, as deletes are rare */
    table = calloc(cap, sizeof *table);
    mask = cap - 1;
    for (size_t i = 0; i < nkeys; i++) set(&keys[i], values[i]);

    int which = strcmp(mode, "get") == 0 ? 0 : strcmp(mode, "set") == 0 ? 1 : strcmp(mode, "mixed") == 0 ? 2 : -1;
    if (which < 0) { fprintf(stderr, "unknown mode %s\n", mode); return 2; }
    long sink = 0; /* every result is consumed, so no call can be dropped */
    size_t next = 0;
    for (int it = -warmup; it < iterations; it++) {
        long ops = 0;
        double start = now_ns(), elapsed;
        do {
            for (int b = 0; b < 1024; b++) {
                size_t n = next;
                next = (next + 1) & (nseq - 1);
                const Key *k = &keys[key_index[n]];
                int o = which == 2 ? op[n] : which;
                if (o == 0) sink += get(k);
                else if (o == 1) { set(k, values[key_index[n]]); sink += (long) (uintptr_t) values[key_index[n]] & 1; }
                else sink += del(k);
            }
            ops += 1024;
            elapsed = now_ns() - start;
        } while (elapsed < iter_ns);
        if (it >= 0) printf("%.6f\n", elapsed / ops);
    }
    fprintf(stderr, "sink %ld\n", sink);
    return 0;
}
