import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// Only the groups the sign-in screen (and what it may show: toasts, form and route errors) uses
// are in the entry chunk; named imports let the bundler leave the other groups out (issue #13).
import { app, auth, common, errors, language as languageTexts, toast, validation } from '../locales/en.json';
import { STORAGE_KEYS, storage } from './storage';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

const toLanguage = (lng: string | undefined | null): Language => {
  const short = (lng ?? '').slice(0, 2);
  return isLanguage(short) ? short : 'en';
};

/** The current language, reduced to one we ship ('ar-JO' → 'ar'). */
export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Arabic is written right to left: the whole document (and so the layout) mirrors. */
export function applyDocumentLanguage(lng: string) {
  const language = toLanguage(lng);
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

const signInTexts = { app, auth, common, errors, language: languageTexts, toast, validation };

/**
 * The English the sign-in screen needs ships in the entry chunk; the rest of the core texts, and
 * Arabic, are chunks of their own, fetched before a screen that shows them (the other public
 * screens and the signed-in shell ask for them through their routes' loaders).
 */
export async function loadLanguage(language: Language) {
  await loadCoreTexts(language, coreTextsWanted);
  if (featureTextsWanted) await loadFeatureTexts(language);
}

/**
 * The validation messages are two groups in the locale files: `validation`, what the sign-in form can
 * show (it ships in the entry chunk), and `validationMore`, every other form's (fetched with the core
 * texts). They are one group to the code, `validation.*`: merged here as the core texts load, so a
 * feature's new messages never grow the sign-in chunk.
 */
function withAllValidation(texts: Record<string, unknown>): Record<string, unknown> {
  const { validationMore, ...rest } = texts as { validationMore?: Record<string, unknown>; validation?: Record<string, unknown> };
  return { ...rest, validation: { ...(rest.validation as Record<string, unknown> | undefined), ...validationMore } };
}

/** Each language's core texts in full, once (English starts with the sign-in part only). */
const coreTexts = new Map<Language, Promise<void>>();
let coreTextsWanted = false;

function loadCoreTexts(language: Language, all: boolean): Promise<void> {
  if (language === 'en' && !all) return Promise.resolve();
  let loading = coreTexts.get(language);
  if (!loading) {
    // The whole file under another module id (?raw): importing en.json itself here would pull every
    // group into the entry chunk, which imports some of them by name.
    const resources: Promise<Record<string, unknown>> =
      language === 'ar'
        ? import('../locales/ar.json').then((module) => module.default)
        : import('../locales/en.json?raw').then((module) => JSON.parse(module.default) as Record<string, unknown>);
    loading = resources.then((texts) => void i18n.addResourceBundle(language, 'translation', withAllValidation(texts), true, true));
    // A failed fetch is not remembered: the next screen asks again.
    loading.catch(() => coreTexts.delete(language));
    coreTexts.set(language, loading);
  }
  return loading;
}

/**
 * Called by the lazy routes beyond sign-in before they render: the current language's core texts
 * in full, and English's, the fallback of any missing text.
 */
export async function loadCoreTranslations() {
  coreTextsWanted = true;
  await Promise.all([loadCoreTexts(currentLanguage(), true), loadCoreTexts('en', true)]);
}

/**
 * Each feature keeps its texts beside its code (`features/<feature>/locales/{en,ar}.json`, top-level
 * key = the feature), merged into the one `translation` namespace. They are separate chunks, fetched
 * when the signed-in shell loads, so the sign-in entry chunk carries none of them and features can
 * grow their texts without touching each other's files.
 */
const featureBundles = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/locales/*.json');
const featureTextsLoaded = new Set<Language>();
let featureTextsWanted = false;

async function loadFeatureTexts(language: Language) {
  // English is the fallback of every missing Arabic text, so it is always merged too.
  const languages = language === 'en' ? ['en' as const] : (['en', language] as const);
  for (const lng of languages) {
    if (featureTextsLoaded.has(lng)) continue;
    const wanted = Object.entries(featureBundles).filter(([path]) => path.endsWith(`/${lng}.json`));
    const bundles = await Promise.all(wanted.map(([, load]) => load()));
    await loadCoreTexts(lng, true);
    for (const bundle of bundles) i18n.addResourceBundle(lng, 'translation', bundle.default, true, true);
    featureTextsLoaded.add(lng);
  }
}

/** Called by the signed-in shell's lazy route before it renders. */
export async function loadFeatureTranslations() {
  featureTextsWanted = true;
  coreTextsWanted = true;
  await loadFeatureTexts(currentLanguage());
}

/**
 * The stored choice (i18nextLng, SPEC §3), else the browser's language. Ten lines of our own
 * instead of i18next-browser-languagedetector keep the sign-in chunk inside its budget.
 */
const languageDetector = {
  type: 'languageDetector' as const,
  detect: () => storage.get(STORAGE_KEYS.language) ?? navigator.languages?.[0] ?? navigator.language ?? 'en',
  cacheUserLanguage: (lng: string) => storage.set(STORAGE_KEYS.language, toLanguage(lng)),
};

i18n.on('languageChanged', applyDocumentLanguage);

const initialized = i18n
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: signInTexts } },
    partialBundledLanguages: true,
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
  });

/** Resolves once the detected language's texts are in place (awaited before the first render). */
export const i18nReady = initialized.then(async () => {
  // `resolvedLanguage` says 'en' until the Arabic texts are loaded, so the detected language is
  // taken from `language` (the stored choice), loaded, and only then made current.
  const language = toLanguage(i18n.language);
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
});

export async function changeLanguage(language: Language) {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * After sign-out (SPEC §2/§8): drop cached translations and bring back the language the person
 * chose, which outlives the session. Failures are only logged.
 */
export async function resetTranslations(storedLanguage: string | null) {
  try {
    for (const language of LANGUAGES) {
      if (language !== 'en') {
        i18n.removeResourceBundle(language, 'translation');
        featureTextsLoaded.delete(language);
        coreTexts.delete(language);
      }
    }
    const language = storedLanguage ? toLanguage(storedLanguage) : currentLanguage();
    await loadLanguage(language);
    await i18n.changeLanguage(language);
  } catch (error) {
    console.error('Could not restore the language preference', error);
  }
}

export { i18n };
