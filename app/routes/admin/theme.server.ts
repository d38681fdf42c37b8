import { data } from 'react-router'
import { type Feedback } from '~/components/editor/feedback'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/forms/read-form.server'
import { ThemeSchema, themeFromForm } from '~/lib/site/editor-schemas'
import { editorMessages, invalid, lastSavedText, requireEditor, requireEditorAction, unreadableForm } from '~/lib/site/editor.server'
import { readDocument, saveDocument } from '~/lib/site/site-store.server'
import { DEFAULT_THEME } from '~/lib/site/theme'
import { THEME_SITES, type ThemeSite } from '~/lib/site/theme'
import type { Route } from './+types/theme'

export async function themeLoader({ request }: Route.LoaderArgs) {
  await requireEditor(request)
  const stored = await readDocument(await database(), 'theme')
  const requested = new URL(request.url).searchParams.get('site')
  return data(
    {
      messages: editorMessages(request),
      theme: stored?.value ?? DEFAULT_THEME,
      site: (THEME_SITES as readonly string[]).includes(requested ?? '') ? (requested as ThemeSite) : 'clinic',
      status: lastSavedText(request, stored),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function themeAction({ request }: Route.ActionArgs) {
  const member = await requireEditorAction(request)
  const m = editorMessages(request).theme
  const read = await readForm(request)
  if (!read.ok) return unreadableForm(request, m.errorTitle, read.status)
  const { form } = read
  const input = themeFromForm(form)
  const parsed = ThemeSchema.safeParse(input)
  if (!parsed.success) {
    return invalid(
      request,
      parsed.error,
      { variant: 'destructive', title: m.errorTitle, text: editorMessages(request).common.errorSummary },
      input,
    )
  }
  try {
    await saveDocument(await database(), 'theme', parsed.data, member.id)
  } catch (error) {
    console.error('Saving the theme failed:', error)
    const feedback: Feedback = { variant: 'destructive', title: m.errorTitle, text: m.errorText }
    return data({ ok: false as const, feedback, values: input }, { status: 500 })
  }
  const feedback: Feedback = { variant: 'success', title: m.savedTitle, text: m.savedText }
  return { ok: true as const, feedback }
}
