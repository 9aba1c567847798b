// Apple's SQLite defaults, for every connection of a process on Linux: preloaded
// (LD_PRELOAD), it wraps sqlite3_open_v2, sqlite3_open and sqlite3_open16, and turns on
// - defensive mode (SQLITE_DBCONFIG_DEFENSIVE), in which `PRAGMA writable_schema` and
//   `PRAGMA schema_version = N` have no effect, as on iOS and macOS;
// - persistent WAL (SQLITE_FCNTL_PERSIST_WAL), which keeps a database's -wal and -shm files
//   after its last connection closes, as on iOS and macOS.
// Nothing else changes. `.ci/lanes/apple-like` builds it and runs a command under it.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sqlite3.h>

static void apple_defaults(sqlite3 *db) {
    int on = 1;
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &on);
}

int sqlite3_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs) {
    static int (*open_v2)(const char *, sqlite3 **, int, const char *);
    if (!open_v2) open_v2 = (int (*)(const char *, sqlite3 **, int, const char *))dlsym(RTLD_NEXT, "sqlite3_open_v2");
    int rc = open_v2(filename, db, flags, vfs);
    if (rc == SQLITE_OK && *db) apple_defaults(*db);
    return rc;
}

int sqlite3_open(const char *filename, sqlite3 **db) {
    static int (*open)(const char *, sqlite3 **);
    if (!open) open = (int (*)(const char *, sqlite3 **))dlsym(RTLD_NEXT, "sqlite3_open");
    int rc = open(filename, db);
    if (rc == SQLITE_OK && *db) apple_defaults(*db);
    return rc;
}

int sqlite3_open16(const void *filename, sqlite3 **db) {
    static int (*open16)(const void *, sqlite3 **);
    if (!open16) open16 = (int (*)(const void *, sqlite3 **))dlsym(RTLD_NEXT, "sqlite3_open16");
    int rc = open16(filename, db);
    if (rc == SQLITE_OK && *db) apple_defaults(*db);
    return rc;
}
