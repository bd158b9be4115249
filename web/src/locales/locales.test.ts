import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import coreAr from './ar.json';
import coreEn from './en.json';

type Tree = { [key: string]: string | Tree };

const PLURAL = /_(zero|one|two|few|many|other)$/;

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}
const base = (key: string) => key.replace(PLURAL, '');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const srcDir = join(import.meta.dirname, '..');

/** Core texts plus every feature's own bundle (features/<f>/locales/{en,ar}.json), as the app merges them. */
function merged(core: Tree, language: 'en' | 'ar'): Tree {
  const featuresDir = join(srcDir, 'features');
  // `validationMore` is merged into `validation` as the core texts load (lib/i18n.ts).
  const { validationMore, ...rest } = core as Tree & { validationMore?: Tree };
  const tree: Tree = { ...rest, validation: { ...(rest.validation as Tree), ...validationMore } };
  for (const feature of readdirSync(featuresDir)) {
    const path = join(featuresDir, feature, 'locales', `${language}.json`);
    let bundle: Tree;
    try {
      bundle = JSON.parse(readFileSync(path, 'utf8')) as Tree;
    } catch {
      continue;
    }
    for (const [k, v] of Object.entries(bundle)) {
      if (k in tree) throw new Error(`${path}: top-level key "${k}" is already defined elsewhere`);
      tree[k] = v;
    }
  }
  return tree;
}
const en = merged(coreEn as Tree, 'en');
const ar = merged(coreAr as Tree, 'ar');

describe('translations', () => {
  const english = new Set(keys(en).map(base));
  const arabic = new Set(keys(ar).map(base));

  it('English and Arabic have the same keys', () => {
    expect([...english].filter((k) => !arabic.has(k))).toEqual([]);
    expect([...arabic].filter((k) => !english.has(k))).toEqual([]);
  });

  it('every key the code asks for exists', () => {
    const missing: string[] = [];
    for (const file of sources(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        if (!english.has(match[1]!)) missing.push(`${file.replace(srcDir, '')}: ${match[1]}`);
      }
      // Keys built from a prefix (`roles.${role}`): the prefix must exist as a group.
      for (const match of text.matchAll(/\bt\(\s*`([a-zA-Z0-9_.]+)\.\$\{/g)) {
        if (![...english].some((k) => k.startsWith(`${match[1]}.`))) missing.push(`${file.replace(srcDir, '')}: ${match[1]}.*`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('Arabic plurals have every form Arabic needs', () => {
    const plural = keys(en).filter((k) => PLURAL.test(k)).map(base);
    const arabicKeys = new Set(keys(ar));
    for (const key of new Set(plural)) {
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect(arabicKeys.has(`${key}_${form}`), `${key}_${form}`).toBe(true);
    }
  });
});
