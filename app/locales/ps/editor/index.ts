import type { Translation } from '../../index'

import { commonTexts } from './common'
import { contentTexts } from './content'
import { designTexts } from './design'
import { settingsTexts } from './settings'
import { mediaTexts } from './media'

// Built in a call marked pure: pages that import the catalogues' helpers drop the staff texts.
export const editor: NonNullable<Translation['editor']> = /* @__PURE__ */ (() => ({
  ...commonTexts,
  ...contentTexts,
  ...designTexts,
  ...settingsTexts,
  ...mediaTexts,
}))()
