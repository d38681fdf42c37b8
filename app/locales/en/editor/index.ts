/** The site editor's texts, one file per screen. */
import { commonTexts } from './common'
import { contentTexts } from './content'
import { designTexts } from './design'
import { settingsTexts } from './settings'
import { mediaTexts } from './media'

// Built in a call marked pure: pages that import the catalogues' helpers drop the staff texts.
export const editor = /* @__PURE__ */ (() => ({ ...commonTexts, ...contentTexts, ...designTexts, ...settingsTexts, ...mediaTexts }))()
