#include "CSQLiteBridge.h"

#if defined(__linux__)
#include <sys/vfs.h>
#endif

int reconciler_file_system_magic(const char *path, unsigned long *magic) {
#if defined(__linux__)
    struct statfs info;
    if (statfs(path, &info) != 0) {
        return -1;
    }
    *magic = (unsigned long)info.f_type;
    return 0;
#else
    (void)path;
    (void)magic;
    return -1;
#endif
}
