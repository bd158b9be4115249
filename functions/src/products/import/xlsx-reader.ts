/**
 * The first worksheet of an XLSX workbook (ECMA-376 SpreadsheetML) as rows of cell texts, read with
 * fflate (already the reports' XLSX writer's zip library) and the few XML shapes a worksheet's
 * values take: shared strings, inline strings, numbers, booleans and formula results. Styles,
 * formulas and other sheets are not read. Loaded by the first XLSX import only (sheet.ts).
 */
import { strFromU8, unzipSync } from 'fflate';
import type { SheetRow } from './sheet.js';

export class UnreadableWorkbook extends Error {}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()]!;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return String.fromCodePoint(code);
  });
}

/** The text of a string item: its `<t>` runs joined, phonetic hints (`<rPh>`) left out. */
function itemText(xml: string): string {
  const runs = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g);
  return unescapeXml([...runs].map((m) => m[1]).join(''));
}

/** "A" → 0, "AB" → 27. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}

const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];

/** The worksheet the workbook lists first (its relationship's target), as a zip entry name. */
function firstSheetPath(files: Record<string, Uint8Array>): string {
  const workbook = files['xl/workbook.xml'] ? strFromU8(files['xl/workbook.xml']) : '';
  const relId = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const rels = files['xl/_rels/workbook.xml.rels'] ? strFromU8(files['xl/_rels/workbook.xml.rels']) : '';
  const relationship = relId ? [...rels.matchAll(/<Relationship\b([^>]*)\/?>/g)].find((m) => attribute(m[1]!, 'Id') === relId) : undefined;
  const target = relationship ? attribute(relationship[1]!, 'Target') : undefined;
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (files[path]) return path;
  }
  const fallback = Object.keys(files).filter((f) => /^xl\/worksheets\/[^/]+\.xml$/.test(f)).sort()[0];
  if (!fallback) throw new UnreadableWorkbook('The workbook has no worksheet');
  return fallback;
}

/** The rows of the workbook's first worksheet, numbered as the sheet numbers them; empty rows left out. */
export function readXlsx(bytes: Uint8Array): SheetRow[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => (f.name.startsWith('xl/') && f.name.endsWith('.xml')) || f.name.endsWith('.rels') });
  } catch {
    throw new UnreadableWorkbook('The file is not an XLSX workbook (it does not unzip)');
  }
  if (!files['xl/workbook.xml']) throw new UnreadableWorkbook('The file is not an XLSX workbook (no xl/workbook.xml)');
  const shared = files['xl/sharedStrings.xml'] ? [...strFromU8(files['xl/sharedStrings.xml']).matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => itemText(m[1] ?? '')) : [];
  const sheet = strFromU8(files[firstSheetPath(files)]!);

  const rows: SheetRow[] = [];
  let lastRow = 0;
  for (const rowMatch of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const number = Number(attribute(rowMatch[1]!, 'r')) || lastRow + 1;
    lastRow = number;
    const cells: string[] = [];
    let lastColumn = -1;
    for (const cellMatch of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cellMatch[1]!;
      const ref = attribute(attributes, 'r');
      const column = ref ? columnIndex(/^[A-Z]+/i.exec(ref)?.[0] ?? 'A') : lastColumn + 1;
      lastColumn = column;
      const body = cellMatch[2] ?? '';
      const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let text: string;
      switch (attribute(attributes, 't')) {
        case 's':
          text = shared[Number(value)] ?? '';
          break;
        case 'inlineStr':
          text = itemText(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
          break;
        case 'b':
          text = value === '1' ? 'true' : value === '0' ? 'false' : '';
          break;
        default:
          text = value === undefined ? '' : unescapeXml(value);
      }
      while (cells.length < column) cells.push('');
      cells[column] = text;
    }
    if (cells.some((c) => c.trim() !== '')) rows.push({ row: number, cells });
  }
  return rows;
}
