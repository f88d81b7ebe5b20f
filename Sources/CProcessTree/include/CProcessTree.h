#ifndef LAYOUTBENCH_CPROCESSTREE_H
#define LAYOUTBENCH_CPROCESSTREE_H

#include <stddef.h>
#include <sys/types.h>
#ifdef __linux__
#include <fcntl.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

/// Makes the calling process a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER, 1)`): a descendant whose parent exits
/// is reparented to it rather than to init, so that its ppid link still leads here. 0 on success, -1 where the call
/// fails or does not exist. Swift cannot call `prctl`, which is variadic.
static inline int lb_become_child_subreaper(void) {
#ifdef __linux__
    return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL);
#else
    return -1;
#endif
}

/// Reads directory entries of the open directory `fd` into `buffer` as `struct linux_dirent64` records: the number of
/// bytes read, 0 at the end, -1 on error. The raw system call, async-signal-safe (unlike `readdir`, which may
/// allocate); Swift cannot call `syscall`, which is variadic.
static inline long lb_getdents64(int fd, void *buffer, size_t size) {
#ifdef __linux__
    return syscall(SYS_getdents64, fd, buffer, size);
#else
    return -1;
#endif
}

/// Removes everything inside the open directory `fd`, descending at most `depth` levels into subdirectories (a
/// directory deeper than that stays). Async-signal-safe: the raw getdents64 system call, `unlinkat`, `openat`,
/// `lseek` and `close`, with one 4 KiB buffer per level on the stack and no allocation; the interrupt handler's
/// removal of a registered temporary directory.
static inline void lb_remove_contents(int fd, int depth) {
#ifdef __linux__
    char buffer[4096];
    for (;;) {
        // Read from the start after every pass: entries removed meanwhile must not shift what is left unseen.
        if (lseek(fd, 0, SEEK_SET) < 0) return;
        long count = lb_getdents64(fd, buffer, sizeof buffer);
        if (count <= 0) return;
        int removed = 0;
        for (long offset = 0; offset < count;) {
            // struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), then the name.
            unsigned short length;
            memcpy(&length, buffer + offset + 16, sizeof length);
            const char *name = buffer + offset + 19;
            offset += length;
            if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
            if (unlinkat(fd, name, 0) == 0) { removed = 1; continue; }
            if (depth <= 0) continue;
            int child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (child < 0) continue;
            lb_remove_contents(child, depth - 1);
            close(child);
            if (unlinkat(fd, name, AT_REMOVEDIR) == 0) removed = 1;
        }
        if (!removed) return;
    }
#else
    (void)fd;
    (void)depth;
#endif
}

/// Removes the directory `path` with everything in it, at most `depth` levels deep: 0 on success, -1 otherwise (the
/// directory is missing, not a directory, a symbolic link, or not empty after the removal). Async-signal-safe.
static inline int lb_remove_tree(const char *path, int depth) {
#ifdef __linux__
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    lb_remove_contents(fd, depth);
    close(fd);
    return rmdir(path);
#else
    (void)path;
    (void)depth;
    return -1;
#endif
}

#endif
