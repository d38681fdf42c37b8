import { SECTION_ROLES } from '~/lib/access/sections'
import { database } from '~/lib/platform/db.server'
import { DEFAULT_INTEGRATIONS, IntegrationsWithKeyRule, integrationsFromForm } from '~/lib/site/editor-schemas'
import { editorScreen, lastSavedText, requireEditor, saveEditorForm } from './+shared/editor.server'
import { readDocument, SAVE_SCHEMAS } from '~/lib/site/site-documents.server'
import type { Route } from './+types/integrations'

/** The screen only learns whether a key is saved (the public map's address is the only place the key appears). */
function withoutKey({ mapsApiKey, ...rest }: typeof DEFAULT_INTEGRATIONS) {
  return { ...rest, hasMapsKey: mapsApiKey !== '' }
}

/** Where patients' and students' messages go: administrators only (docs/product.md#roles). */
export async function integrationsLoader({ context }: Route.LoaderArgs) {
  const staff = requireEditor(context, SECTION_ROLES.integrations)
  const stored = await readDocument(await database(), 'integrations')
  return editorScreen(staff, {
    values: withoutKey(stored?.value ?? DEFAULT_INTEGRATIONS),
    version: stored?.version ?? null,
    status: lastSavedText(staff, stored, (m) => m.unpublished.integrations),
  })
}

export const integrationsAction = (args: Route.ActionArgs) =>
  saveEditorForm(args, {
    document: 'integrations',
    roles: SECTION_ROLES.integrations,
    texts: (m) => m.integrations,
    input: async (form, db) => integrationsFromForm(form, (await readDocument(db, 'integrations'))?.value.mapsApiKey ?? ''),
    schema: IntegrationsWithKeyRule.pipe(SAVE_SCHEMAS.integrations),
    shown: withoutKey,
  })
