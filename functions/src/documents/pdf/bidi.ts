/**
 * Right-to-left text for PDF pages (Unicode Bidirectional Algorithm, UAX #9, through bidi-js).
 *
 * A PDF shows glyphs where they are drawn, so mixed Arabic and Latin text must be put in visual
 * order before it is drawn. fontkit (under pdfkit) shapes Arabic (joined letter forms, lam-alef)
 * and lays out a run whose script is right-to-left from right to left, but it treats a whole string
 * as one run: "رقم 123" would come out with the digits reversed. So a line is split here into
 * runs of one embedding level, the runs are put in visual order (rule L2), and each run is drawn
 * on its own: odd-level runs with Arabic letters are reversed by fontkit itself; odd-level runs
 * without them (punctuation between right-to-left words) are reversed here. Mirrored characters
 * (brackets) of every right-to-left run are swapped here.
 */
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';

/** One piece of a line to draw left to right: `text` in the order fontkit expects (see above). */
export interface VisualRun {
  text: string;
  level: number;
  rtl: boolean;
}

/** Arabic and Hebrew letters (fontkit's right-to-left scripts as far as an invoice meets them). */
const RTL_LETTER = /[\u0590-\u05FF\u0600-\u06FF\u0700-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
/** Explicit directional formatting characters: they steer the algorithm and have no glyph. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const hasRtlLetters = (text: string) => RTL_LETTER.test(text);

/** The paragraph direction the text itself asks for (its first strong character), LTR when none. */
export function directionOf(text: string): Direction {
  const { paragraphs } = bidi.getEmbeddingLevels(text, 'auto');
  return (paragraphs[0]?.level ?? 0) % 2 === 1 ? 'rtl' : 'ltr';
}

/**
 * Keeps a left-to-right value (a date, a number with a sign, a code such as INV-000001) whole
 * inside right-to-left text: without the isolate, "2025-06-15" after an Arabic word is shown as
 * "15-06-2025", because the hyphen between Arabic-context numbers is a neutral (rule W4).
 */
export const isolateLtr = (value: string) => `\u2066${value}\u2069`;

/** Runs of one line (no line breaks inside) in visual order, left to right. */
export function visualRuns(text: string, base: Direction | 'auto' = 'auto'): VisualRun[] {
  if (!text) return [];
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < text.length; ) {
    let j = i + 1;
    while (j < text.length && levels[j] === levels[i]) j++;
    runs.push({ start: i, end: j, level: levels[i]! });
    i = j;
  }
  // L2: from the highest level down to the lowest odd level, reverse every sequence of runs at
  // that level or higher.
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  const out: VisualRun[] = [];
  for (const run of runs) {
    const rtl = run.level % 2 === 1;
    let piece = text.slice(run.start, run.end);
    if (rtl) {
      // Rule L4: brackets and the like take their mirrored glyph in right-to-left text; fontkit
      // reverses the glyph order of an Arabic run but does not mirror.
      const mirrored = [...piece].map((c) => bidi.getMirroredCharacter(c) ?? c);
      piece = (hasRtlLetters(piece) ? mirrored : mirrored.reverse()).join('');
    }
    piece = piece.replace(BIDI_CONTROLS, '');
    if (piece) out.push({ text: piece, level: run.level, rtl });
  }
  return out;
}

/** The text without directional controls: what a reader copies out of the page. */
export const withoutControls = (text: string) => text.replace(BIDI_CONTROLS, '');
