import { database } from '~/lib/platform/db.server'
import { ThemeSchema, themeFromForm } from '~/lib/site/editor-schemas'
import { editorScreen, lastSavedText, requireEditor, saveEditorForm } from './+shared/editor.server'
import { readDocument } from '~/lib/site/site-documents.server'
import { DEFAULT_THEME, THEME_SITES, type ThemeSite } from '~/lib/site/theme'
import type { Route } from './+types/theme'

export async function themeLoader({ request, context }: Route.LoaderArgs) {
  const staff = requireEditor(context)
  const stored = await readDocument(await database(), 'theme')
  const requested = new URL(request.url).searchParams.get('site')
  return editorScreen(staff, {
    theme: stored?.value ?? DEFAULT_THEME,
    site: (THEME_SITES as readonly string[]).includes(requested ?? '') ? (requested as ThemeSite) : 'clinic',
    version: stored?.version ?? null,
    status: lastSavedText(staff, stored, (m) => m.unpublished.theme),
  })
}

export function themeAction(args: Route.ActionArgs) {
  return saveEditorForm(args, { document: 'theme', texts: (m) => m.theme, input: themeFromForm, schema: ThemeSchema, tabs: 'site' })
}
