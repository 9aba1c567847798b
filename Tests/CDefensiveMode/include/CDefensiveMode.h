#ifndef CDEFENSIVEMODE_H
#define CDEFENSIVEMODE_H

/// Turns SQLite's defensive mode on (1) or off (0) for a connection (a `sqlite3 *`), as an app
/// that hardens its connections does; returns SQLite's result code. `sqlite3_db_config` takes
/// variable arguments, which Swift cannot call directly.
int reconciler_test_set_defensive(void *connection, int on);

#endif
