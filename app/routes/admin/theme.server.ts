import { database } from '~/lib/platform/db.server'
import { ThemeSchema, themeFromForm } from '~/lib/site/editor-schemas'
import { editorScreen, lastSavedText, requireEditor, saveEditorForm } from './+shared/editor.server'
import { readDocument } from '~/lib/site/site-store.server'
import { DEFAULT_THEME, THEME_SITES, type ThemeSite } from '~/lib/site/theme'
import type { Route } from './+types/theme'

export async function themeLoader({ request }: Route.LoaderArgs) {
  await requireEditor(request)
  const stored = await readDocument(await database(), 'theme')
  const requested = new URL(request.url).searchParams.get('site')
  return editorScreen(request, {
    theme: stored?.value ?? DEFAULT_THEME,
    site: (THEME_SITES as readonly string[]).includes(requested ?? '') ? (requested as ThemeSite) : 'clinic',
    version: stored?.version ?? null,
    status: lastSavedText(request, stored, (m) => m.unpublished.theme),
  })
}

export function themeAction({ request }: Route.ActionArgs) {
  return saveEditorForm(request, { document: 'theme', texts: (m) => m.theme, input: themeFromForm, schema: ThemeSchema })
}
