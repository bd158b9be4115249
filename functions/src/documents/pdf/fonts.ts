/**
 * The typeface of printed documents: IBM Plex Sans Arabic (SIL Open Font License 1.1, the TTFs
 * shipped by the npm package @expo-google-fonts/ibm-plex-sans-arabic; licence beside the files in
 * functions/assets/fonts/). One family covers Arabic and Latin, and its Arabic forms are whole
 * glyphs (not a dotless skeleton plus dot marks), so every glyph maps back to one letter and the
 * text copied out of the PDF is the text that was printed.
 *
 * The files are read at run time, not bundled into the JavaScript: next to the Lambda bundle
 * (`fonts/` beside index.mjs and its chunks, copied there by infra/lib/lambda-bundle.ts) or,
 * running from source, from functions/assets/fonts/. `DAFTAR_FONTS_DIR` overrides both.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const FONT_FILES = { regular: 'IBMPlexSansArabic-Regular.ttf', bold: 'IBMPlexSansArabic-Bold.ttf' } as const;
export type FontWeight = keyof typeof FONT_FILES;

function fontsDirectory(): string {
  const candidates = [
    process.env.DAFTAR_FONTS_DIR,
    fileURLToPath(new URL('./fonts/', import.meta.url)),
    fileURLToPath(new URL('../../../assets/fonts/', import.meta.url)),
  ].filter((dir): dir is string => !!dir);
  const found = candidates.find((dir) => existsSync(join(dir, FONT_FILES.regular)));
  if (!found) throw new Error(`Document fonts not found (looked in ${candidates.join(', ')})`);
  return found;
}

let loaded: Record<FontWeight, Buffer> | undefined;

/** The font files' bytes, read once per Lambda instance (about 460 KB). */
export function documentFonts(): Record<FontWeight, Buffer> {
  if (!loaded) {
    const dir = fontsDirectory();
    loaded = { regular: readFileSync(join(dir, FONT_FILES.regular)), bold: readFileSync(join(dir, FONT_FILES.bold)) };
  }
  return loaded;
}
