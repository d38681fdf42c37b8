/** The database's tables, one file per area; the migrations in db/migrations are generated from them. */
export * from './requests'
export * from './staff'
export * from './site'
export * from './desk'
export * from './posts'
export * from './gallery'
