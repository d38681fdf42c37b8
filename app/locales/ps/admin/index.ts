import type { Translation } from '../../index'

import { shellTexts } from './shell'
import { dashboardTexts } from './dashboard'
import { recordsTexts } from './records'
import { deskTexts } from './desk'
import { staffTexts } from './staff'
import { auditTexts } from './audit'

// Built in a call marked pure: pages that import the catalogues' helpers drop the staff texts.
export const admin: NonNullable<Translation['admin']> = /* @__PURE__ */ (() => ({
  ...shellTexts,
  ...dashboardTexts,
  ...recordsTexts,
  ...deskTexts,
  ...staffTexts,
  ...auditTexts,
}))()
