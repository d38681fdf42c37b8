import { academy } from './academy'
import { admin } from './admin'
import { chat } from './chat'
import { clinic } from './clinic'
import { common } from './common'
import { editor } from './editor'
import { forms } from './forms'
import { offline } from './offline'
import { posts } from './posts'
import { seo } from './seo'

/** The English catalogue: the source every other language is checked against. */
export const en = { common, clinic, chat, academy, forms, seo, admin, editor, offline, posts }
