import type { Translation } from '../index'

export const editor: NonNullable<Translation['editor']> = {}
