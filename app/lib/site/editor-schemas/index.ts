/**
 * What the site editor stores, as Zod schemas shared by the admin screens (browser) and their
 * actions (server), one module per editor screen.
 */
export * from './collections'
export * from './content'
export * from './errors'
export * from './layout'
export * from './media'
export * from './settings'
export * from './theme'
export * from './missing-languages'
