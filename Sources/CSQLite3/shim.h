#pragma once
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift cannot import: SQLite copies a bound text or blob before the call returns.
static inline sqlite3_destructor_type capturekit_sqlite_transient(void) { return SQLITE_TRANSIENT; }
