/* The memory limits of this machine, for Guides/RectQueryStrategies.md ("Limits"):
 *  - streaming read bandwidth (the linear scan's bound: it reads every cell once),
 *  - streaming write bandwidth (prepare's bound: it writes every cell once),
 *  - dependent-load latency to DRAM (a cold search probe's bound: each probe waits for the one before),
 *  - the cost of writing k attributes of `LayoutAttributes`' stride into an L1-resident buffer (a query's floor),
 *  - the first touch of fresh memory, a page fault a page, with and without transparent huge pages (a first
 *    layout pass's floor: a store of 100 M compact cells is 1.6 GB the kernel has never handed out).
 * Each figure is the best of several repetitions. Run by scripts/memory-probe.sh; nothing here is timed by tests. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Written so the optimiser keeps the loops. */
volatile uint64_t sink;

/* Seconds to touch one byte in every 4 KB page of `bytes` of fresh anonymous memory, 2 MB-aligned and, when
 * `huge`, advised for transparent huge pages (as the compact store asks): the best of three fresh mappings, and in
 * `first` the first of them. The first can cost far more: under a hypervisor the guest's pages that no process has
 * used yet are backed by the host only when first touched, and a mapping freed and made again reuses backed pages. */
static double first_touch(size_t bytes, int huge, double *first) {
    double best = 1e9;
    size_t align = 2u << 20;
    for (int rep = 0; rep < 3; rep++) {
        char *map = mmap(NULL, bytes + align, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (map == MAP_FAILED) return -1;
        char *p = (char *)(((uintptr_t)map + align - 1) & ~(uintptr_t)(align - 1));
        if (huge) madvise(p, bytes, MADV_HUGEPAGE);
        double t0 = now();
        for (size_t i = 0; i < bytes; i += 4096) p[i] = 1;
        double t = now() - t0;
        sink = (uint64_t)p[bytes / 2];
        munmap(map, bytes + align);
        if (rep == 0) *first = t;
        if (t < best) best = t;
    }
    return best;
}

int main(int argc, char **argv) {
    size_t bytes = (argc > 1 ? (size_t)atol(argv[1]) : 512) << 20;
    size_t words = bytes / 8;
    uint64_t *a = aligned_alloc(4096, bytes);
    if (!a) { fprintf(stderr, "memory-probe: cannot allocate %zu MB\n", bytes >> 20); return 1; }
    for (size_t i = 0; i < words; i++) a[i] = i;

    /* Read: four independent sums, so the loop is bound by memory, not by the adder's latency. */
    double best_read = 1e9;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now();
        uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (size_t i = 0; i < words; i += 4) { s0 += a[i]; s1 += a[i + 1]; s2 += a[i + 2]; s3 += a[i + 3]; }
        double t = now() - t0;
        sink = s0 + s1 + s2 + s3;
        if (t < best_read) best_read = t;
    }

    /* Write: a store per word (the compiler may turn it into wider stores). */
    double best_write = 1e9;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now();
        for (size_t i = 0; i < words; i++) a[i] = i ^ (uint64_t)rep;
        double t = now() - t0;
        sink = a[words / 3];
        if (t < best_write) best_write = t;
    }

    /* Latency: a chase through one random cycle over every cache line of the buffer (Sattolo's shuffle), one
     * dependent load at a time. */
    size_t lines = bytes / 64, stride = 64 / 8;
    size_t *order = malloc(lines * sizeof(size_t));
    if (!order) return 1;
    for (size_t i = 0; i < lines; i++) order[i] = i;
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (size_t i = lines - 1; i > 0; i--) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        size_t j = (size_t)(x % i);
        size_t tmp = order[i]; order[i] = order[j]; order[j] = tmp;
    }
    for (size_t i = 0; i < lines; i++) a[order[i] * stride] = order[(i + 1) % lines] * stride;
    free(order);
    size_t hops = 20u << 20;
    double best_latency = 1e9;
    for (int rep = 0; rep < 3; rep++) {
        size_t p = 0;
        double t0 = now();
        for (size_t i = 0; i < hops; i++) p = (size_t)a[p];
        double t = now() - t0;
        sink = p;
        if (t < best_latency) best_latency = t;
    }

    /* Output: k records of 88 bytes (LayoutAttributes' stride) written into a buffer that stays in L1. */
    enum { stride_bytes = 88, k = 64 };
    static unsigned char out[k * stride_bytes];
    double best_output = 1e9;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now();
        for (int round = 0; round < 100000; round++) {
            for (int i = 0; i < k; i++) {
                double rec[11] = {(double)i, (double)round, 120, 44, (double)i, (double)round, 0, 0, 0, 0, 1};
                memcpy(out + i * stride_bytes, rec, stride_bytes);
            }
            sink = out[(round * 7) % sizeof out];
        }
        double t = (now() - t0) / 100000 / k;
        if (t < best_output) best_output = t;
    }

    double touch_small_first = 0, touch_huge_first = 0;
    double touch_small = first_touch(bytes, 0, &touch_small_first), touch_huge = first_touch(bytes, 1, &touch_huge_first);

    printf("buffer_mb %zu\n", bytes >> 20);
    printf("read_gb_per_s %.2f\n", (double)bytes / best_read / 1e9);
    printf("write_gb_per_s %.2f\n", (double)bytes / best_write / 1e9);
    printf("dram_latency_ns %.1f\n", best_latency / (double)hops * 1e9);
    printf("attribute_write_ns %.2f\n", best_output * 1e9);
    double gb = (double)bytes / 1e9;
    printf("first_touch_ms_per_gb %.0f (first mapping %.0f)\n", touch_small / gb * 1e3, touch_small_first / gb * 1e3);
    printf("first_touch_huge_pages_ms_per_gb %.0f (first mapping %.0f)\n", touch_huge / gb * 1e3,
           touch_huge_first / gb * 1e3);
    free(a);
    return 0;
}
