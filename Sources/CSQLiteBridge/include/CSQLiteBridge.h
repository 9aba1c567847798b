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

#endif
