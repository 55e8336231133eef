/** The query key of the viewer's blocked students: menus read it, settings list it (ADR 024). */
export const blocksKey = ['blocks'] as const;
