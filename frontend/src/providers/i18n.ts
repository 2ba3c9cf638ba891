import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import "dayjs/locale/en";
import type { I18nProvider } from "@refinedev/core";
import type { Locale } from "antd/es/locale";
import enUS from "antd/es/locale/en_US";
import zhCN from "antd/es/locale/zh_CN";
import { session } from "./session";
import { modules } from "../modules";
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
// A module's file for a namespace the platform has (errors, dashboard) adds its keys to it.
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const files of [import.meta.glob("../locales/*/*.json", { eager: true }), ...modules.map((module) => module.locales)]) {
  for (const [path, file] of Object.entries(files)) {
    const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (lang && ns) (resources[lang] ??= {})[ns] = mergeCatalogues(resources[lang][ns], (file as { default: Record<string, unknown> }).default);
  }
}

/** common, errors, auth and one per Refine resource (= Feathers service path). */
export const NAMESPACES = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

void i18n.use(initReactI18next).init({
  resources,
  lng: session.get().language,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: "common",
  fallbackNS: "common",
  interpolation: { escapeValue: false },
});

const ANTD_LOCALES: Record<Language, Locale> = { "en-US": enUS, "zh-CN": zhCN };
const DAYJS_LOCALES: Record<Language, string> = { "en-US": "en", "zh-CN": "zh-cn" };

export const antdLocale = (language: Language): Locale => ANTD_LOCALES[language] ?? enUS;

function applyLanguage(language: Language) {
  dayjs.locale(DAYJS_LOCALES[language] ?? "en");
  document.documentElement.lang = language;
}
applyLanguage(session.get().language);

/** Switches i18next, dayjs and (through the session) antd's ConfigProvider together. */
export async function changeLanguage(language: Language): Promise<void> {
  const next = LANGUAGES.includes(language) ? language : DEFAULT_LANGUAGE;
  await i18n.changeLanguage(next);
  applyLanguage(next);
  if (session.get().language !== next) session.set({ language: next });
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
  if (head && NAMESPACES.includes(head)) {
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
