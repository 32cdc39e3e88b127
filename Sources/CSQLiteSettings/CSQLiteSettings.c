#include "CSQLiteSettings.h"

/* SQLite-NIO's bundled SQLite, linked into the same binary, with its functions renamed. */
int sqlite_nio_sqlite3_db_config(void *db, int op, ...);

/* SQLITE_DBCONFIG_ENABLE_QPSG in sqlite3.h */
#define BI_SQLITE_DBCONFIG_ENABLE_QPSG 1007

int bi_sqlite_enable_stable_plans(void *db) {
    int enabled = 0;
    return sqlite_nio_sqlite3_db_config(db, BI_SQLITE_DBCONFIG_ENABLE_QPSG, 1, &enabled);
}
