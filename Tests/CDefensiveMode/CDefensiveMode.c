#include <sqlite3.h>
#include "CDefensiveMode.h"

int reconciler_test_set_defensive(void *connection, int on) {
    return sqlite3_db_config((sqlite3 *)connection, SQLITE_DBCONFIG_DEFENSIVE, on, (int *)0);
}
