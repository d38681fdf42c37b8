import type { Translation } from '../index'

export const admin: NonNullable<Translation['admin']> = {}
