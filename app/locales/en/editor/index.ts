/** The site editor's texts, one file per screen. */
import { commonTexts } from './common'
import { contentTexts } from './content'
import { designTexts } from './design'
import { settingsTexts } from './settings'
import { mediaTexts } from './media'

export const editor = { ...commonTexts, ...contentTexts, ...designTexts, ...settingsTexts, ...mediaTexts }
