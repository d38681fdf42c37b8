/** What a staff note on a request may be: shared by the note form and the server. */
import { hasForbiddenCharacters } from '../platform/characters'

export const MAX_NOTE_LENGTH = 2000

export type NoteError = 'noteRequired' | 'noteTooLong' | 'controlCharacters'

/** A note as typed: trimmed (line breaks kept), required, at most MAX_NOTE_LENGTH characters. */
export function readNote(raw: unknown): { ok: true; value: string } | { ok: false; error: NoteError } {
  const value = (typeof raw === 'string' ? raw : '').replace(/\r\n?/g, '\n').trim()
  if (!value) return { ok: false, error: 'noteRequired' }
  if (value.length > MAX_NOTE_LENGTH) return { ok: false, error: 'noteTooLong' }
  if (hasForbiddenCharacters(value)) return { ok: false, error: 'controlCharacters' }
  return { ok: true, value }
}
