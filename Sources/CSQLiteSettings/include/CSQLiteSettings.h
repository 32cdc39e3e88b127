#ifndef CSQLITE_SETTINGS_H
#define CSQLITE_SETTINGS_H

/// Turns on SQLite's query planner stability guarantee (SQLITE_DBCONFIG_ENABLE_QPSG) for the
/// connection `db` (a `sqlite3 *` of SQLite-NIO's bundled SQLite): a prepared statement keeps its
/// plan whatever values are bound, instead of being prepared again at every bind. A shim
/// because `sqlite3_db_config` is variadic, which Swift cannot call. Returns SQLite's result code.
int bi_sqlite_enable_stable_plans(void *db);

#endif
