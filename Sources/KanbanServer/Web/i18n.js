// The web board's own words in English, Korean and French: the tables live one per language
// (i18n-en.js, i18n-ko.js, i18n-fr.js); this module gathers them and looks words up. (History lines
// come translated from the server: `GET /api/boards/{b}/history?lang=`.) A value is a string with
// `{name}` slots, or an object of plural forms chosen by `{count}` (Intl.PluralRules: `one`, `other`).

import en from '/assets/i18n-en.js';
import ko from '/assets/i18n-ko.js';
import fr from '/assets/i18n-fr.js';

/** The languages the page speaks, by code, each named in itself. */
export const LANGUAGES = { en: 'English', ko: '한국어', fr: 'Français' };

/** The strings by language, then by key. */
export const TRANSLATIONS = { en, ko, fr };

/**
 * The language to show: the stored choice when it is one of ours, else the first of the
 * browser's languages we speak (`ko-KR` → `ko`), else English.
 */
export function pickLanguage(stored, browserLanguages) {
  if (stored && stored in LANGUAGES) return stored;
  for (const tag of browserLanguages ?? []) {
    const code = String(tag ?? '').toLowerCase().split('-')[0];
    if (code in LANGUAGES) return code;
  }
  return 'en';
}

/** `t(key, values)` for `lang`: the string with its `{name}` slots filled (English when missing). */
export function translator(lang) {
  const table = TRANSLATIONS[lang] ?? TRANSLATIONS.en;
  const plurals = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  // Counts read with the language's thousands separators (1,234 · 1 234); a sequence number is
  // a name, not an amount, and stays as the log writes it.
  const shown = (name, value) => (typeof value === 'number' && Number.isFinite(value) && !LITERAL_NUMBERS.has(name)
    ? numbers.format(value) : String(value));
  return (key, values = {}) => {
    let text = table[key] ?? TRANSLATIONS.en[key] ?? key;
    if (typeof text === 'object') {
      const form = plurals.select(Number(values.count ?? 0));
      text = text[form] ?? text.other;
    }
    return text.replace(/\{(\w+)\}/g, (slot, name) => (name in values ? shown(name, values[name]) : slot));
  };
}

/** Placeholders whose numbers are names (a sequence, a week, a position), not amounts. */
const LITERAL_NUMBERS = new Set(['sequence', 'week', 'position', 'from', 'to', 'status']);
