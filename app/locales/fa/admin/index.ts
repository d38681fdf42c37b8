import type { Translation } from '../../index'

import { shellTexts } from './shell'
import { dashboardTexts } from './dashboard'
import { recordsTexts } from './records'
import { deskTexts } from './desk'
import { staffTexts } from './staff'
import { auditTexts } from './audit'

export const admin: NonNullable<Translation['admin']> = {
  ...shellTexts,
  ...dashboardTexts,
  ...recordsTexts,
  ...deskTexts,
  ...staffTexts,
  ...auditTexts,
}
