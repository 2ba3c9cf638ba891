import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import dayjs from "dayjs";
import type { I18nProvider } from "@refinedev/core";
import type { Locale } from "antd/es/locale";
import enUS from "antd/es/locale/en_US";
import { session } from "./session";
import { fromClientModules } from "./modules";
import type { Language } from "../types/session";

type Catalogue = Record<string, unknown>;
const isCatalogue = (value: unknown): value is Catalogue => typeof value === "object" && value !== null && !Array.isArray(value);

/** Both catalogues' keys, nested objects merged; a key both give keeps the first one's text. */
function mergeCatalogues(base: Catalogue | undefined, added: Catalogue): Catalogue {
  if (!base) return added;
  const merged: Catalogue = { ...added, ...base };
  for (const [key, value] of Object.entries(added)) {
    if (isCatalogue(base[key]) && isCatalogue(value)) merged[key] = mergeCatalogues(base[key], value);
  }
  return merged;
}

export const LANGUAGES: readonly Language[] = ["en-US", "zh-CN"];
export const DEFAULT_LANGUAGE: Language = "en-US";

// One JSON file per namespace and language: locales/<lang>/<namespace>.json, the platform's and each module's.
// A module's file for a namespace the platform has (errors, dashboard) adds its keys to it. The files
// are loaders, in two chunks per language (vite.config.ts): the platform's, read before the first
// render (the login page needs no more), and the modules', read before a portal renders
// (`loadModuleCatalogues`), so the login page's download does not grow with every module.
type CatalogueFile = { default: Catalogue };
type Part = "platform" | "modules";
const platformFiles = import.meta.glob<CatalogueFile>("../locales/*/*.json");
/** The catalogue files of the platform and of the installed modules (App.tsx installs them before i18n starts). */
const catalogueFiles = fromClientModules((modules) => {
  const found: { lang: string; ns: string; part: Part; load: () => Promise<CatalogueFile> }[] = [];
  const partFiles: [Part, Record<string, () => Promise<unknown>>][] = [
    ["platform", platformFiles],
    ...modules.map((module): [Part, Record<string, () => Promise<unknown>>] => ["modules", module.locales]),
  ];
  for (const [part, files] of partFiles) {
    for (const [path, load] of Object.entries(files)) {
      const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
      if (lang && ns) found.push({ lang, ns, part, load: load as () => Promise<CatalogueFile> });
    }
  }
  return found;
});

/** common, errors, auth and one per Refine resource (= Feathers service path). */
export const namespaces = fromClientModules(() => [
  ...new Set(
    catalogueFiles()
      .filter((file) => file.lang === DEFAULT_LANGUAGE)
      .map((file) => file.ns),
  ),
]);

/** antd's and dayjs's own texts per language; English is built into both (antd's default locale is en_US). */
const ANTD_LOCALES: Partial<Record<Language, () => Promise<Locale>>> = {
  "zh-CN": () => import("antd/es/locale/zh_CN").then((module) => module.default),
};
const DAYJS_LOCALES: Record<Language, { name: string; load?: () => Promise<unknown> }> = {
  "en-US": { name: "en" },
  "zh-CN": { name: "zh-cn", load: () => import("dayjs/locale/zh-cn") },
};
const antdLocales: Partial<Record<Language, Locale>> = { "en-US": enUS };

const loading = new Map<string, Promise<void>>();
/** Whether a portal has asked for the modules' catalogues: a language chosen later gets them too. */
let modulesWanted = false;

/**
 * Fetches one part of a language's catalogues once: the platform's with antd's and dayjs's texts,
 * or the modules'. A namespace both parts give keeps the platform's text for a key both have.
 */
function loadPart(language: Language, part: Part): Promise<void> {
  const key = `${language} ${part}`;
  let done = loading.get(key);
  if (!done) {
    done = (async () => {
      const files = catalogueFiles().filter((file) => file.lang === language && file.part === part);
      const [catalogues, antd] = await Promise.all([
        Promise.all(files.map((file) => file.load())),
        part === "platform" ? ANTD_LOCALES[language]?.() : undefined,
        part === "platform" ? DAYJS_LOCALES[language]?.load?.() : undefined,
      ]);
      const bundles: Record<string, Catalogue> = {};
      files.forEach((file, index) => (bundles[file.ns] = mergeCatalogues(bundles[file.ns], catalogues[index].default)));
      for (const [ns, bundle] of Object.entries(bundles)) i18n.addResourceBundle(language, ns, bundle, true, part === "platform");
      if (antd) antdLocales[language] = antd;
    })();
    done.catch(() => loading.delete(key)); // a failed fetch may be retried
    loading.set(key, done);
  }
  return done;
}

/** A language's catalogues: the platform's, and the modules' once a portal has asked for them. */
function loadLanguage(language: Language): Promise<unknown> {
  return Promise.all([loadPart(language, "platform"), modulesWanted ? loadPart(language, "modules") : undefined]);
}

/** The modules' catalogues of the current language and of English (the fallback): a portal awaits them before it renders. */
export function loadModuleCatalogues(): Promise<unknown> {
  modulesWanted = true;
  return Promise.all([loadPart(validLanguage(i18n.language ?? session.get().language), "modules"), loadPart(DEFAULT_LANGUAGE, "modules")]);
}

const validLanguage = (language: string | undefined): Language => (LANGUAGES.includes(language as Language) ? (language as Language) : DEFAULT_LANGUAGE);

/**
 * antd's texts for a loaded language, English otherwise. Always a locale: ConfigProvider wraps its
 * children in a locale provider only when given one, so a missing locale would remount every screen.
 */
export const antdLocale = (language: Language): Locale => antdLocales[language] ?? enUS;

function applyLanguage(language: Language) {
  dayjs.locale(DAYJS_LOCALES[language]?.name ?? "en");
  document.documentElement.lang = language;
}

/**
 * Starts i18next in the session's language with that language's catalogues (and English ones,
 * the fallback for a key a translation lacks) loaded: main.tsx awaits it before the first render.
 */
export async function initI18n({ withModules = false } = {}): Promise<void> {
  const language = validLanguage(session.get().language);
  modulesWanted ||= withModules;
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: namespaces(),
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false },
  });
  await Promise.all([loadLanguage(language), loadLanguage(DEFAULT_LANGUAGE)]);
  applyLanguage(language);
}

/** Switches i18next, dayjs and (through the session) antd's ConfigProvider together. */
export async function changeLanguage(language: Language): Promise<void> {
  const next = validLanguage(language);
  await loadLanguage(next);
  // The session first: what the new language re-renders asks the server in it (api.ts sends the
  // session's language), and the session's subscribers read again what the server worded.
  if (session.get().language !== next) session.set({ language: next });
  await i18n.changeLanguage(next);
  applyLanguage(next);
}

/**
 * Refine keys look like `buildings.fields.name` or `buttons.save`. When the first segment is one
 * of our namespaces it selects that file; everything else (Refine's own keys) lives in common.
 */
/**
 * Resource identifiers that are not services of their own read from their service's namespace,
 * under a sub-key first: `vendor-users.titles.list` → users:vendors.titles.list, then users:titles.list.
 */
const IDENTIFIER_ALIASES: Record<string, [namespace: string, prefix: string]> = {
  "vendor-users": ["users", "vendors"],
  "tenant-users": ["users", "tenants"],
  "audit-report": ["audit-log", "report"],
};

export function translate(key: string, options?: unknown, defaultMessage?: string): string {
  const dot = key.indexOf(".");
  const head = dot > 0 ? key.slice(0, dot) : "";
  const rest = key.slice(dot + 1);
  const opts = typeof options === "object" && options !== null ? (options as Record<string, unknown>) : {};
  const fallback = defaultMessage ?? (typeof options === "string" ? options : undefined);
  const alias = IDENTIFIER_ALIASES[head];
  if (alias) {
    const [ns, prefix] = alias;
    const candidate = i18n.exists(`${prefix}.${rest}`, { ns }) ? `${prefix}.${rest}` : rest;
    return i18n.t(candidate, { ...opts, ns, defaultValue: fallback ?? key }) as string;
  }
  if (head && namespaces().includes(head)) {
    return i18n.t(rest, { ...opts, ns: head, defaultValue: fallback ?? key }) as string;
  }
  return i18n.t(key, { ...opts, ns: "common", defaultValue: fallback ?? key }) as string;
}

export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: (locale: string) => changeLanguage(locale as Language),
  getLocale: () => i18n.language,
};

export default i18n;
