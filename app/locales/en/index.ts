import { academy } from './academy'
import { common } from './common'
import { clinic } from './clinic'
import { forms } from './forms'

/** The English catalogue: the source every other language is checked against. */
export const en = { common, clinic, academy, forms }
