import type { Translation } from '../../index'

import { commonTexts } from './common'
import { contentTexts } from './content'
import { designTexts } from './design'
import { settingsTexts } from './settings'
import { mediaTexts } from './media'

export const editor: NonNullable<Translation['editor']> = {
  ...commonTexts,
  ...contentTexts,
  ...designTexts,
  ...settingsTexts,
  ...mediaTexts,
}
