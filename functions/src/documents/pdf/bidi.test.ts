import { describe, expect, it } from 'vitest';
import { create as openFont, type Font } from 'fontkit';
import { directionOf, isolateLtr, visualRuns, withoutControls } from './bidi.js';
import { documentFonts } from './fonts.js';

/** The runs as drawn left to right; a right-to-left run keeps its letters in logical order (fontkit reverses it). */
const drawn = (text: string, base?: 'ltr' | 'rtl') => visualRuns(text, base).map((r) => [r.text, r.rtl]);

describe('bidi runs for PDF pages', () => {
  it('keeps Latin digits left to right inside Arabic, and puts the Arabic words right of them', () => {
    // prepare / act
    const runs = drawn('المجموع 11.166 دينار');
    // assess: left → right «دينار», «11.166», «المجموع»; each space stays with the word it follows
    expect(runs).toEqual([
      [' دينار', true],
      ['11.166', false],
      ['المجموع ', true],
    ]);
  });

  it('needs an isolate to keep an ISO date whole after Arabic words (rule W4), and drops the controls', () => {
    // prepare
    const plain = 'بتاريخ 2025-06-15';
    const isolated = `بتاريخ ${isolateLtr('2025-06-15')}`;
    // act
    const plainRuns = drawn(plain);
    const isolatedRuns = drawn(isolated);
    // assess
    expect(plainRuns.map(([t]) => t).join('|')).toBe('15|-|06|-|2025|بتاريخ ');
    expect(isolatedRuns).toEqual([
      ['2025-06-15', false],
      ['بتاريخ ', true],
    ]);
    expect(withoutControls(isolated)).toBe('بتاريخ 2025-06-15');
  });

  it('mirrors brackets in right-to-left runs and reverses runs without letters', () => {
    // prepare / act
    const runs = drawn('خبز (ربطة)');
    const punctuation = drawn('- :', 'rtl');
    // assess: fontkit reverses the Arabic run, so its brackets are swapped before drawing
    expect(runs).toEqual([['خبز )ربطة(', true]]);
    expect(punctuation).toEqual([[': -', true]]);
  });

  it('takes the paragraph direction from the first strong letter', () => {
    expect(directionOf('شركة Petra')).toBe('rtl');
    expect(directionOf('Petra شركة')).toBe('ltr');
    expect(directionOf('2025-06-15')).toBe('ltr');
  });

  it('shapes Arabic with the document font: joined forms and the lam-alef ligature', () => {
    // prepare
    const font = openFont(documentFonts().regular) as Font;
    // act
    const run = font.layout('بيت لا', { kern: false });
    // assess: glyphs come back in visual order (right-to-left run reversed), in contextual forms
    const forms = run.glyphs.map((g) => g.name);
    expect(forms).toEqual(['uniFEFB', 'space', 'uniFE96', 'uniFEF4', 'uniFE91']);
  });
});
