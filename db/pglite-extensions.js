// The PostgreSQL extensions the schema uses, for every PGlite that opens a data folder (the server's
// worker, the migration and seed scripts, the fault runs): PGlite loads an extension's code only
// when it is given here, and an index built on it cannot be written without it.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

export const PGLITE_EXTENSIONS = { pg_trgm }
