#include "CSQLiteBridge.h"

// Declared here rather than through <sqlite3.h>, so that the bridge builds against whichever
// SQLite the app links (the system's, or SQLCipher's, whose header lives elsewhere); the
// signature is part of SQLite's stable C interface.
struct sqlite3;
extern int sqlite3_db_config(struct sqlite3 *, int op, ...);

int reconciler_db_config_flag(void *connection, int option, int value) {
    int current = -1;
    if (sqlite3_db_config((struct sqlite3 *)connection, option, value, &current) != 0) {
        return -1;
    }
    return current;
}
