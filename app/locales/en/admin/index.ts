/** The staff admin panel's texts, one file per screen. */
import { shellTexts } from './shell'
import { dashboardTexts } from './dashboard'
import { recordsTexts } from './records'
import { deskTexts } from './desk'
import { staffTexts } from './staff'
import { auditTexts } from './audit'

export const admin = { ...shellTexts, ...dashboardTexts, ...recordsTexts, ...deskTexts, ...staffTexts, ...auditTexts }
