/**
 * Dari (fa-AF), as spoken and written in Afghanistan (داکتر، شفاخانه، معلومات، ایمیل، شماره تماس;
 * Afghan month names in lib/i18n/dates.ts). Drafted by the team and listed here in one place:
 * THE WHOLE CATALOGUE AWAITS REVIEW BY A NATIVE SPEAKER before launch.
 *
 * Every namespace is complete: the public ones by type (the Translation type makes a missing string a
 * type error), the staff panel's (admin, editor) by app/locales/admin-catalogues.test.ts. The terms
 * follow app/locales/GLOSSARY.md, which app/locales/glossary.test.ts enforces.
 */
import type { Translation } from '../index'
import { academy } from './academy'
import { admin } from './admin'
import { chat } from './chat'
import { clinic } from './clinic'
import { editor } from './editor'
import { common } from './common'
import { forms } from './forms'
import { offline } from './offline'
import { posts } from './posts'
import { seo } from './seo'

export const fa: Translation = { common, clinic, chat, academy, forms, seo, admin, editor, offline, posts }
