#ifndef LAYOUTBENCH_CPROCESSTREE_H
#define LAYOUTBENCH_CPROCESSTREE_H

#include <stddef.h>
#include <sys/types.h>
#ifdef __linux__
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

#endif
