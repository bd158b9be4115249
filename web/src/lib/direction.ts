import { useTranslation } from 'react-i18next';

/**
 * The writing direction of the language on screen: 'rtl' in Arabic. Radix primitives (Tabs,
 * ScrollArea — so every `Table.Root` —, TabNav, menus, sliders) take their direction from
 * `Direction.Provider` and write it as a `dir` attribute on their root, which beats the `<html dir>`
 * the document carries. Every provider of the app reads it from here, so they switch together with
 * the language.
 */
export function useWritingDirection(): 'ltr' | 'rtl' {
  const { i18n } = useTranslation();
  return i18n.dir(i18n.resolvedLanguage ?? i18n.language);
}

/** Letters of the right-to-left scripts (Hebrew, Arabic and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
/** Letters of any script: the first one decides the direction of a piece of text (UAX #9, P2). */
const LETTER = /\p{L}/u;

/**
 * The direction a piece of text asks for by its first letter ('rtl' for Arabic, 'ltr' for Latin),
 * undefined when it has none. For controls that show one value, such as a select with names in
 * either language: `dir="auto"` does not look at a select's chosen option.
 */
export function directionOfText(text: string | null | undefined): 'ltr' | 'rtl' | undefined {
  const letter = text?.match(LETTER)?.[0];
  if (!letter) return undefined;
  return RTL_LETTER.test(letter) ? 'rtl' : 'ltr';
}
