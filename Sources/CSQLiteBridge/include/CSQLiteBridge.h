#ifndef CSQLITEBRIDGE_H
#define CSQLITEBRIDGE_H

/// Reads, and optionally sets, one of a connection's on/off settings (`SQLITE_DBCONFIG_…`), such
/// as defensive mode. `sqlite3_db_config` takes variable arguments, which Swift cannot call.
///
/// `connection` is the connection's `sqlite3 *`; `value` is 1 to turn the setting on, 0 to turn
/// it off, and -1 to leave it as it is. Returns the setting once the call is made (1 or 0), or -1
/// when SQLite refuses the call (an option it does not know).
///
/// The SQLite it calls is the one the app links, through GRDB: the system's, or SQLCipher's.
int reconciler_db_config_flag(void *connection, int option, int value);

/// Sets `magic` to the type of the file system that holds the file at `path`, as Linux's
/// `statfs` gives it (`f_type`: 0xEF53 for ext2 to ext4, 0x4D44 for FAT), and returns 0; returns
/// -1 when `statfs` fails, and on systems other than Linux. Its header, <sys/vfs.h>, is not part
/// of Swift's Glibc module.
int reconciler_file_system_magic(const char *path, unsigned long *magic);

#endif
