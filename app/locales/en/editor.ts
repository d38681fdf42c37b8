/** The admin site editor: content, theme, layout, settings, integrations, media. */
export const editor = {} as const
