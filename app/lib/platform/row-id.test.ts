import { describe, expect, it } from 'vitest'
import { parseRowId } from './row-id'

describe('parseRowId', () => {
  it('reads positive whole numbers that fit an integer column', () => {
    expect(parseRowId('1')).toBe(1)
    expect(parseRowId('42')).toBe(42)
    expect(parseRowId('2147483647')).toBe(2_147_483_647)
  })

  it('refuses everything the database would fail on or that is not an id', () => {
    for (const value of [
      '',
      '0',
      '-1',
      '01',
      '1.5',
      '1e3',
      '1e309',
      'Infinity',
      'NaN',
      ' 1',
      '1 ',
      '0x10',
      '2147483648',
      '99999999999',
      '۴',
      '4ڢ',
      '\u200f',
      null,
      undefined,
      7,
    ]) {
      expect(parseRowId(value), String(value)).toBeNull()
    }
  })
})
