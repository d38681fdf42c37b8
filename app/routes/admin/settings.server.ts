import { database } from '~/lib/platform/db.server'
import { mergeSiteSettings, settingsFromForm } from '~/lib/site/editor-schemas'
import { withoutPlaceholderTranslations } from '~/lib/site/site-settings'
import { editorScreen, lastSavedText, requireEditor, saveEditorForm } from './+shared/editor.server'
import { readDocument, SAVE_SCHEMAS } from '~/lib/site/site-documents.server'
import type { Route } from './+types/settings'

export async function settingsLoader({ context }: Route.LoaderArgs) {
  const staff = requireEditor(context)
  const stored = await readDocument(await database(), 'settings')
  const settings = mergeSiteSettings(stored?.value ?? null, null)
  return editorScreen(staff, {
    values: {
      phone: settings.phone,
      clinicEmail: settings.clinicEmail,
      academyEmail: settings.academyEmail,
      // The built-in Dari and Pashto placeholders are not filled in as if they were the clinic's:
      // an empty field shows (as its placeholder) the English address it falls back to.
      address: withoutPlaceholderTranslations(settings.address, { always: true }),
      postalCode: settings.postalCode,
      latitude: String(settings.map.latitude),
      longitude: String(settings.map.longitude),
      ...settings.social,
    },
    version: stored?.version ?? null,
    status: lastSavedText(staff, stored, (m) => m.unpublished.settings),
  })
}

export const settingsAction = (args: Route.ActionArgs) =>
  saveEditorForm(args, {
    document: 'settings',
    texts: (m) => m.settings,
    input: settingsFromForm,
    schema: SAVE_SCHEMAS.settings,
    // The form's field names for the schema's paths.
    rename: (path) => path.replace(/^map\./, '').replace(/^social\./, ''),
  })
