/**
 * Accessibility checks for the browser tests: axe-core (its own `axe.min.js`, injected into the
 * page) run against WCAG 2.0–2.2 A and AA, and the page's writing direction measured from the
 * boxes the browser drew.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** axe-core's browser build, from the web workspace's dev dependency. */
function readAxeSource(): string {
  let path: string;
  try {
    path = require.resolve('axe-core/axe.min.js');
  } catch {
    throw new Error('axe-core is not installed: it is a dev dependency of the web workspace (npm install -D axe-core -w web).');
  }
  return readFileSync(path, 'utf8');
}

/** The WCAG success criteria the app answers for (WCAG 2.2 AA); best-practice rules are left out. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * Runs axe-core on the page (or on `include`, a CSS selector) and answers its violations whose
 * impact is one of `impacts` (serious and critical unless told).
 */
export async function axeViolations(page: Page, options: { include?: string; impacts?: Impact[] } = {}): Promise<AxeViolation[]> {
  const impacts = options.impacts ?? ['serious', 'critical'];
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readAxeSource();
    // evaluate, not addScriptTag: a Content-Security-Policy that refuses inline scripts does not apply.
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      type AxeResult = {
        id: string;
        impact: string | null;
        help: string;
        helpUrl: string;
        nodes: { target: unknown[]; html: string; failureSummary?: string }[];
      };
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeResult[] }> } }).axe;
      const result = await axe.run(include ?? document, {
        runOnly: { type: 'tag', values: tags },
        // "Label in name" (WCAG 2.5.3) is still marked experimental in axe; the app answers for it.
        rules: { 'label-content-name-mismatch': { enabled: true } },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String).join(' '),
          html: n.html.slice(0, 200),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        })),
      }));
    },
    { include: options.include, tags: WCAG_TAGS },
  );
  return (violations as AxeViolation[]).filter((v) => v.impact !== null && impacts.includes(v.impact));
}

/** Violations as a person reads them: one block per rule, at most `perRule` elements each. */
export function formatViolations(violations: AxeViolation[], perRule = 8): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, perRule).map((n) => `    - ${n.target}\n      ${n.summary}`);
      const more = v.nodes.length > perRule ? [`    … and ${v.nodes.length - perRule} more`] : [];
      return [`  ${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help}\n    ${v.helpUrl}`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}

/** Throws, with the readable list, when axe finds serious or critical violations on the page. */
export async function expectNoSeriousViolations(page: Page, where: string, options: { include?: string } = {}) {
  const violations = await axeViolations(page, options);
  if (violations.length > 0) {
    const count = violations.reduce((n, v) => n + v.nodes.length, 0);
    throw new Error(`${where}: ${count} serious or critical accessibility violation(s):\n${formatViolations(violations)}`);
  }
}

/** One table or tab list as drawn: its computed direction and where its first and last cells are. */
export interface DrawnSequence {
  kind: 'table' | 'tablist';
  name: string;
  direction: string;
  /** Left edges (px) of the first and the last cell of the first row with two cells or more, or tab. */
  firstLeft: number;
  lastLeft: number;
  /** Right edges of the first cell and of the box that scrolls or holds the sequence. */
  firstRight: number;
  boxRight: number;
  /** Cells of that row whose text is aligned by a physical side ('left' or 'right'), not start or end. */
  physicalAlign: string[];
}

/**
 * The visible tables (first row with two cells or more) and tab lists (role=tablist, and the
 * navigation bars of tabs in the page's main area) of the page or of `within` (a CSS selector).
 */
export async function drawnSequences(page: Page, within = 'main'): Promise<DrawnSequence[]> {
  return page.evaluate((selector) => {
    const out: DrawnSequence[] = [];
    const root = document.querySelector(selector);
    if (!root) return out;
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const nameOf = (el: Element) =>
      el.getAttribute('aria-label') ??
      (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim() ??
      '';
    for (const table of root.querySelectorAll('table')) {
      if (!shown(table)) continue;
      const row = [...table.rows].find((r) => r.cells.length > 1 && shown(r));
      if (!row) continue;
      const first = row.cells[0]!.getBoundingClientRect();
      const last = row.cells[row.cells.length - 1]!.getBoundingClientRect();
      // A wide table scrolls inside its box: the first column sits at that box's start.
      const box = (table.closest('[data-radix-scroll-area-viewport], .table-scroll') ?? table).getBoundingClientRect();
      const caption = table.caption?.textContent ?? '';
      out.push({
        kind: 'table',
        name: nameOf(table) || caption || (row.cells[0]!.textContent ?? '').trim().slice(0, 40),
        direction: getComputedStyle(table).direction,
        firstLeft: first.left,
        lastLeft: last.left,
        firstRight: first.right,
        boxRight: Math.min(box.right, document.documentElement.clientWidth),
        physicalAlign: [...row.cells]
          .filter((cell) => ['left', 'right'].includes(getComputedStyle(cell).textAlign))
          .map((cell) => `${(cell.textContent ?? '').trim().slice(0, 30)} (${getComputedStyle(cell).textAlign})`),
      });
    }
    const lists = new Set<Element>([...root.querySelectorAll('[role=tablist]'), ...[...root.querySelectorAll('nav')].filter((nav) => nav.querySelector('a'))]);
    for (const list of lists) {
      if (!shown(list)) continue;
      const items = [...list.querySelectorAll('[role=tab], a')].filter(shown);
      if (items.length < 2) continue;
      const first = items[0]!.getBoundingClientRect();
      const last = items[items.length - 1]!.getBoundingClientRect();
      out.push({
        kind: 'tablist',
        name: nameOf(list) || (items[0]!.textContent ?? '').trim().slice(0, 40),
        direction: getComputedStyle(list).direction,
        firstLeft: first.left,
        lastLeft: last.left,
        firstRight: first.right,
        boxRight: list.getBoundingClientRect().right,
        physicalAlign: [],
      });
    }
    return out;
  }, within);
}

/**
 * What is drawn against the direction it should have: each entry says which table or tab list
 * and how (empty when all are right). Right to left, the first column or tab is the rightmost and
 * a table's first column ends at its box's right edge; left to right the reverse. In both, the
 * cells align to their start or end, never to a fixed side.
 */
export function misdirected(sequences: DrawnSequence[], direction: 'ltr' | 'rtl'): string[] {
  const wrong: string[] = [];
  for (const s of sequences) {
    const label = `${s.kind} "${s.name}"`;
    if (s.direction !== direction) wrong.push(`${label} computes direction: ${s.direction}`);
    const firstToTheRight = s.firstLeft > s.lastLeft;
    if (direction === 'rtl' ? !firstToTheRight : firstToTheRight) {
      wrong.push(`${label}: first at x=${Math.round(s.firstLeft)}, last at x=${Math.round(s.lastLeft)}`);
    }
    if (s.kind === 'table' && direction === 'rtl' && Math.abs(s.firstRight - s.boxRight) > 3) {
      wrong.push(`${label}: first column ends at x=${Math.round(s.firstRight)}, its box at x=${Math.round(s.boxRight)}`);
    }
    // Text aligned to the left or right side stays there when the page mirrors: cells align to start or end.
    if (s.physicalAlign.length > 0) wrong.push(`${label}: cells aligned by side, not start/end: ${s.physicalAlign.join(', ')}`);
  }
  return wrong;
}
