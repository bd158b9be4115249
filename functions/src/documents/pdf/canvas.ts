/**
 * A thin layer over pdfkit for bilingual (Arabic/English) pages: every string is drawn through the
 * bidi runs of ./bidi.ts with OpenType shaping, wrapped by measured width, and aligned by its own
 * direction when asked to align at its "start".
 *
 * pdfkit details this relies on (pdfkit 0.20):
 * - `features: []` makes pdfkit lay a string out in ONE fontkit call. Without it pdfkit lays out
 *   each word on its own and concatenates them left to right, which puts right-to-left words in
 *   the wrong order.
 * - Only embedded fonts are used: pdfkit reads its standard fonts (Helvetica) from files of its own
 *   package at run time, which a single-file Lambda bundle does not carry.
 * - The ToUnicode map of a ligature (lam-alef, and the other Arabic ligatures of the font) lists
 *   the letters in visual order, see `fixRtlLigatureText`.
 */
import PDFDocument from 'pdfkit';
import { create as createQrCode } from 'qrcode';
import { directionOf, hasRtlLetters, visualRuns, type Direction } from './bidi.js';
import { documentFonts } from './fonts.js';

export type Align = 'left' | 'right' | 'center' | 'start' | 'end';

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
}

export interface BoxStyle extends TextStyle {
  width: number;
  align?: Align;
  /** Paragraph direction; `auto` (the default) takes the text's first strong letter. */
  direction?: Direction | 'auto';
  /** Stop after this many lines, ending the last with an ellipsis. */
  maxLines?: number;
}

export const A4 = { width: 595.28, height: 841.89 } as const;
const DEFAULT_SIZE = 9;
const DEFAULT_COLOR = '#111827';
/** One layout per call: see the module comment. */
const SHAPE_WHOLE_STRING: PDFKit.Mixins.OpenTypeFeatures[] = [];
/**
 * Arabic runs without the font's kerning. IBM Plex Sans Arabic kerns some ligatures (ضر) by
 * shifting the glyph away from its neighbour; the letters still join, but text extraction sees the
 * shift as a gap and reads "ضريبية" as "ضر يبية". fontkit takes `{ kern: false }` to switch a
 * feature off (the typings only know the array form).
 */
const SHAPE_ARABIC = { kern: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];
const featuresFor = (run: string) => (hasRtlLetters(run) ? SHAPE_ARABIC : SHAPE_WHOLE_STRING);

interface EmbeddedFontInternals {
  unicode?: number[][];
}

export interface CanvasOptions {
  title: string;
  author: string;
  subject: string;
  lang?: string;
}

export class PdfCanvas {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly widths = new Map<string, number>();
  private readonly finished: Promise<Buffer>;

  constructor(options: CanvasOptions) {
    const fonts = documentFonts();
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      bufferPages: true,
      autoFirstPage: true,
      pdfVersion: '1.7',
      lang: options.lang ?? 'ar-JO',
      displayTitle: true,
      // No default font: pdfkit would load Helvetica from its package files (see the module
      // comment). The typings do not know null. Registered fonts below are opened once each: a
      // font given here as bytes would be cached under its PostScript name only, and every later
      // switch to the registered alias would parse the whole TTF again.
      font: null as unknown as string,
      info: { Title: options.title, Author: options.author, Subject: options.subject, Creator: 'Daftar' },
    });
    this.doc.registerFont('regular', fonts.regular);
    this.doc.registerFont('bold', fonts.bold);
    this.finished = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  private use(style: TextStyle) {
    this.doc.font(style.bold ? 'bold' : 'regular').fontSize(style.size ?? DEFAULT_SIZE).fillColor(style.color ?? DEFAULT_COLOR);
  }

  /** Height of one line of text at this style (ascender to descender plus the font's gap). */
  lineHeight(style: TextStyle = {}): number {
    this.use(style);
    return this.doc.currentLineHeight(true);
  }

  /** Width of one run as drawn; shaping is the expensive part of layout, so widths are kept. */
  private runWidth(run: string, style: TextStyle): number {
    const key = `${style.bold ? 'b' : 'r'}${style.size ?? DEFAULT_SIZE}:${run}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      this.use(style);
      width = this.doc.widthOfString(run, { features: featuresFor(run) });
      this.widths.set(key, width);
    }
    return width;
  }

  /** Width of a one-line string as it will be drawn. */
  widthOf(text: string, style: TextStyle = {}, direction: Direction | 'auto' = 'auto'): number {
    return visualRuns(text, direction).reduce((sum, run) => sum + this.runWidth(run.text, style), 0);
  }

  /**
   * Draws one line (no wrapping) inside [x, x + width] with its top at y. `start`/`end` follow the
   * text's direction: an Arabic value starts at the right edge, a Latin one at the left.
   */
  line(text: string, x: number, y: number, style: BoxStyle): void {
    const direction = style.direction && style.direction !== 'auto' ? style.direction : directionOf(text);
    const runs = visualRuns(text, direction);
    const widths = runs.map((run) => this.runWidth(run.text, style));
    this.use(style);
    const total = widths.reduce((a, b) => a + b, 0);
    const align = resolveAlign(style.align ?? 'start', direction);
    let cursor = align === 'left' ? x : align === 'right' ? x + style.width - total : x + (style.width - total) / 2;
    runs.forEach((run, i) => {
      this.doc.text(run.text, cursor, y, { lineBreak: false, features: featuresFor(run.text) });
      cursor += widths[i]!;
    });
  }

  /**
   * The text broken into lines that fit `width` (words kept whole unless one alone is too wide).
   * A line is as wide as its words and spaces: Arabic letters join only inside a word, and the
   * order the bidi algorithm gives the words does not change their sum.
   */
  wrap(text: string, style: BoxStyle): string[] {
    const fits = (candidate: string) => this.widthOf(candidate, style) <= style.width;
    const space = this.runWidth(' ', style);
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      const words = paragraph.split(/ +/).filter(Boolean);
      if (!words.length) {
        lines.push('');
        continue;
      }
      let current = '';
      let currentWidth = 0;
      for (const word of words) {
        const wordWidth = this.widthOf(word, style);
        if (current && currentWidth + space + wordWidth <= style.width) {
          current = `${current} ${word}`;
          currentWidth += space + wordWidth;
          continue;
        }
        if (current) lines.push(current);
        current = word;
        currentWidth = wordWidth;
        // A single word wider than the box (an e-mail address, a long code) breaks between letters.
        while (currentWidth > style.width) {
          let cut = current.length - 1;
          while (cut > 1 && !fits(current.slice(0, cut))) cut--;
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
          currentWidth = this.widthOf(current, style);
        }
      }
      lines.push(current);
    }
    if (style.maxLines && lines.length > style.maxLines) {
      const kept = lines.slice(0, style.maxLines);
      let last = kept[kept.length - 1]!;
      while (last.length > 1 && !fits(`${last}…`)) last = last.slice(0, -1);
      kept[kept.length - 1] = `${last}…`;
      return kept;
    }
    return lines;
  }

  /** Height the wrapped text takes. */
  heightOf(text: string, style: BoxStyle): number {
    return this.wrap(text, style).length * this.lineHeight(style);
  }

  /** Draws wrapped text from y down; returns the height used. */
  paragraph(text: string, x: number, y: number, style: BoxStyle): number {
    const lines = this.wrap(text, style);
    const height = this.lineHeight(style);
    // Each line of a paragraph keeps the paragraph's direction, so a wrapped Arabic sentence stays
    // right-aligned even when one of its lines starts with a Latin word.
    const direction = style.direction && style.direction !== 'auto' ? style.direction : directionOf(text);
    lines.forEach((line, i) => this.line(line, x, y + i * height, { ...style, direction }));
    return lines.length * height;
  }

  rect(x: number, y: number, width: number, height: number, fill: string): void {
    this.doc.save().rect(x, y, width, height).fill(fill).restore();
  }

  rule(x1: number, y1: number, x2: number, y2: number, color = '#d1d5db', width = 0.5): void {
    this.doc.save().moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor(color).stroke().restore();
  }

  frame(x: number, y: number, width: number, height: number, color = '#d1d5db'): void {
    this.doc.save().rect(x, y, width, height).lineWidth(0.5).strokeColor(color).stroke().restore();
  }

  /** A QR code of `text` as vector squares, `size` points wide including a two-module quiet zone. */
  qr(text: string, x: number, y: number, size: number): void {
    const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
    const count = modules.size + 4;
    const cell = size / count;
    this.doc.save();
    this.doc.rect(x, y, size, size).fill('#ffffff');
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) this.doc.rect(x + (col + 2) * cell, y + (row + 2) * cell, cell + 0.01, cell + 0.01);
      }
    }
    this.doc.fill('#000000').restore();
  }

  addPage(): void {
    this.doc.addPage({ size: 'A4', margin: 0 });
  }

  pageCount(): number {
    return this.doc.bufferedPageRange().count;
  }

  /** Runs `draw` on every page (footers, watermarks), once the page count is known. */
  eachPage(draw: (index: number, count: number) => void): void {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      draw(i - start, count);
    }
  }

  async finish(): Promise<Buffer> {
    this.fixRtlLigatureText();
    this.doc.end();
    return this.finished;
  }

  /**
   * Text extraction (pdf.js, poppler) reads a right-to-left line in drawing order and reverses it
   * to logical order, characters of a ligature glyph included. A ligature's ToUnicode entry
   * therefore lists its letters in visual order, so that "لا" and "ضر" come out as written.
   */
  private fixRtlLigatureText(): void {
    const families = (this.doc as unknown as { _fontFamilies: Record<string, EmbeddedFontInternals> })._fontFamilies;
    for (const font of new Set(Object.values(families))) {
      font.unicode?.forEach((codePoints, glyph, all) => {
        if (codePoints && codePoints.length > 1 && hasRtlLetters(String.fromCodePoint(...codePoints))) all[glyph] = [...codePoints].reverse();
      });
    }
  }
}

function resolveAlign(align: Align, direction: Direction): 'left' | 'right' | 'center' {
  if (align === 'start') return direction === 'rtl' ? 'right' : 'left';
  if (align === 'end') return direction === 'rtl' ? 'left' : 'right';
  return align;
}
