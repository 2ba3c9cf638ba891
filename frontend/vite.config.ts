import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";

// The backend serves the API, the region-prefixed API and socket.io on one origin (port 3030);
// in development Vite forwards the same paths there so the browser code never needs a host name.
const backend = process.env.BACKEND_URL ?? "http://localhost:3030";
const apiPrefixes = ["/v1", "/hk", "/sg", "/bj", "/mo", "/global"];

// Our catalogues in two chunks per language (the platform's, the modules'); antd's, rc-picker's and dayjs's Chinese texts in one of
// their own: libraries import those statically too (rc-pagination's default locale is zh_CN, antd
// pro-provider under @refinedev/antd imports antd's and dayjs's), and in the catalogues' chunk they
// would bring every Chinese catalogue to every English list page.
const LANGUAGE_FILES: [RegExp, string][] = [
  // The modules' catalogues apart from the platform's: the login page reads only the platform's.
  [/[\\/]modules[\\/][^\\/]+[\\/]locales[\\/]en-US[\\/][^\\/]+\.json$/, "lang-en-US-modules"],
  [/[\\/]modules[\\/][^\\/]+[\\/]locales[\\/]zh-CN[\\/][^\\/]+\.json$/, "lang-zh-CN-modules"],
  [/[\\/]locales[\\/]en-US[\\/][^\\/]+\.json$/, "lang-en-US"],
  [/[\\/]locales[\\/]zh-CN[\\/][^\\/]+\.json$/, "lang-zh-CN"],
  [
    /[\\/]antd[\\/]es[\\/](locale[\\/]zh_CN|date-picker[\\/]locale[\\/]zh_CN|time-picker[\\/]locale[\\/]zh_CN|calendar[\\/]locale[\\/]zh_CN)\.js$/,
    "locale-zh-CN",
  ],
  [/[\\/]rc-picker[\\/](es|lib)[\\/]locale[\\/]zh_CN\.js$/, "locale-zh-CN"],
  [/[\\/]rc-pagination[\\/](es|lib)[\\/]locale[\\/]zh_CN\.js$/, "locale-zh-CN"],
  [/[\\/]dayjs[\\/]locale[\\/]zh-cn\.js$/, "locale-zh-CN"],
];
const languageChunk = (id: string) => LANGUAGE_FILES.find(([test]) => test.test(id))?.[1] ?? null;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null };

/** The signed-in portal's own code: PortalApp, the modules and the pages, except the public ones (sign-in, legal, not found). */
const isPortalCode = (id: string, portalApp: string) => id === portalApp || /[\\/]src[\\/](modules[\\/]|pages[\\/](?!auth[\\/]|public[\\/]))/.test(id);

/**
 * The portal's code in two chunks, where the automatic split made about eighty small ones (each antd
 * component, each icon): over HTTP/1.1 a browser asks six at a time, so eighty files cost about
 * thirteen round trips before a signed-in page can draw.
 * - "public": what PortalApp.tsx imports statically that a signed-out visitor's pages (sign-in,
 *   legal, the toasts' host) may import too. The graph counts every component behind antd's index
 *   as imported, so this is most of the antd the portal uses. The login page loads it only after
 *   its first paint (through the toasts' host), which readies the portal's code before the sign-in;
 * - "portal": the rest PortalApp.tsx imports statically, which the login page never loads.
 * Each group takes its modules' dependencies (rolldown's default): leaving them out lost
 * PortalApp's exports at run time.
 */
function portalChunks() {
  const file = (name: string) => fileURLToPath(new URL(`./src/${name}`, import.meta.url));
  const [entry, portalApp] = [file("main.tsx"), file("PortalApp.tsx")];
  let graph: { signedOut: Set<string>; portal: Set<string> } | undefined;
  const closure = (ctx: ModuleGraph, from: string, withDynamic: boolean) => {
    const reached = new Set([from]);
    for (const id of reached) {
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      for (const next of info.importedIds) reached.add(next);
      if (withDynamic) for (const next of info.dynamicallyImportedIds) if (!isPortalCode(next, portalApp)) reached.add(next);
    }
    return reached;
  };
  const graphOf = (ctx: ModuleGraph) => (graph ??= { signedOut: closure(ctx, entry, true), portal: closure(ctx, portalApp, false) });
  return {
    public: (moduleId: string, ctx: ModuleGraph) => {
      const { signedOut, portal } = graphOf(ctx);
      return signedOut.has(moduleId) && portal.has(moduleId) ? "public" : null;
    },
    portal: (moduleId: string, ctx: ModuleGraph) => (graphOf(ctx).portal.has(moduleId) ? "portal" : null),
  };
}
const portalChunkNames = portalChunks();

/**
 * The English catalogues are read at every start (English is the fallback of every language,
 * providers/i18n.ts): index.html names them, so they arrive beside the shell's code instead of
 * being asked for only once it has run.
 */
const preloadDefaultCatalogues = (): Plugin => ({
  name: "preload-default-catalogues",
  transformIndexHtml: {
    order: "post",
    handler(_html, { bundle }) {
      const chunk = Object.values(bundle ?? {}).find((item) => item.type === "chunk" && item.name === "lang-en-US");
      return chunk ? [{ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${chunk.fileName}` }, injectTo: "head" }] : [];
    },
  },
});

/**
 * Runs in the browser as a classic script named by index.html (the Content-Security-Policy allows no
 * inline one): with a stored session on a portal path (config/portals.ts), asks for the portal's code
 * and the modules' catalogues and, on a portal's home, the dashboard's (config/dashboard.ts) as soon
 * as the HTML is read. They
 * then arrive beside the entry instead of after it has arrived and run; the login page loads none of it.
 */
function preloadPortal(files: { portal: string[]; home: string[]; catalogues: Record<string, string> }) {
  try {
    const path = location.pathname.replace(/(.)\/+$/, "$1");
    const stored = JSON.parse(localStorage.getItem("estate-portal.session") ?? "{}") as { token?: string; language?: string } | null;
    if (!stored?.token || /^\/(pub(\/|$)|404$|terms-of-use$|(vendors|tenants)\/(terms-of-use|privacy-policy)$)/.test(path)) return;
    const home = ["/", "/vendors", "/vendors/dashboard", "/tenants", "/tenants/dashboard"].includes(path);
    // The modules' texts in English (every language's fallback) and in the session's language.
    const catalogues = [files.catalogues["en-US"], stored.language ? files.catalogues[stored.language] : undefined];
    for (const href of [...(home ? files.portal.concat(files.home) : files.portal), ...new Set(catalogues)]) {
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // An unreadable session entry: main.tsx sends the visitor to the login page, which needs none of it.
  }
}

/** Writes preloadPortal with the portal's and the dashboard's files (its panels too, and all they import) and the modules' catalogues as assets/boot-*.js. */
const preloadPortalScript = (): Plugin => {
  let fileName: string | undefined;
  return {
    name: "preload-portal",
    apply: "build",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === "chunk");
        const closure = (chunk: Rolldown.OutputChunk | undefined, into = new Set<string>()) => {
          if (!chunk || into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          for (const file of chunk.imports)
            closure(
              chunks.find((item) => item.fileName === file),
              into,
            );
          return into;
        };
        // The chunk a module is in: its own (it is the facade), or a group's such as "portal".
        const facade = (suffix: string) =>
          chunks.find((chunk) => chunk.facadeModuleId?.endsWith(suffix)) ?? chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(suffix)));
        // What index.html names already (the entry and its imports) is not asked for twice.
        const initial = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk)]));
        const portal = [...closure(facade("/src/PortalApp.tsx"))].filter((file) => !initial.has(file));
        // The home is the dashboard and the modules' panels on it (each module keeps its panels in
        // its dashboard/ folder): the panels' code is then asked for beside the portal's, not once the
        // shell's code has arrived and run, which on a first load was the largest part of the wait.
        const panels = chunks.filter((chunk) => /\/src\/modules\/[^/]+\/dashboard\/[^/]+\.tsx$/.test(chunk.facadeModuleId ?? ""));
        const homeFiles = [facade("/src/pages/dashboard/index.tsx"), ...panels].reduce((into, chunk) => closure(chunk, into), new Set<string>());
        const home = [...homeFiles].filter((file) => !initial.has(file) && !portal.includes(file));
        if (!portal.length) return;
        const catalogues = Object.fromEntries(
          ["en-US", "zh-CN"].flatMap((language) => {
            const chunk = chunks.find((item) => item.name === `lang-${language}-modules`);
            return chunk ? [[language, `/${chunk.fileName}`]] : [];
          }),
        );
        const files = { portal: portal.map((file) => `/${file}`), home: home.map((file) => `/${file}`), catalogues };
        const reference = this.emitFile({ type: "asset", name: "boot.js", source: `(${preloadPortal.toString()})(${JSON.stringify(files)});\n` });
        fileName = this.getFileName(reference);
      },
    },
    transformIndexHtml: {
      order: "post",
      handler: () => (fileName ? [{ tag: "script", attrs: { async: true, src: `/${fileName}` }, injectTo: "head-prepend" }] : []),
    },
  };
};

export default defineConfig({
  // Every asset is also written brotli- and gzip-compressed (.br, .gz): the server sends the
  // compressed file to a browser that accepts it, without compressing on each request.
  plugins: [react(), compression({ threshold: 1024, logLevel: "silent" }), preloadDefaultCatalogues(), preloadPortalScript()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: backend, changeOrigin: true }])),
      "/socket.io": { target: backend, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    rolldownOptions: {
      treeshake: {
        // @refinedev/antd imports react-markdown for its MarkdownField, which no screen uses; the
        // package does not say it has no side effects, so without this every list page would load
        // it and its markdown parser (micromark, about 30 kB compressed).
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]react-markdown[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Each language's texts in one chunk, fetched when the language is chosen (providers/i18n.ts):
          // our catalogues and the modules', antd's and dayjs's.
          // Only those files: what they import (shared by both languages) stays where it was.
          groups: [
            { name: languageChunk, test: (id: string) => languageChunk(id) !== null, includeDependenciesRecursively: false },
            // Everything the first screen imports statically in one chunk: index.html names one file
            // instead of fifty small ones, and brotli compresses the whole better than its pieces.
            { name: "shell", tags: ["$initial"] },
            { name: portalChunkNames.public },
            { name: portalChunkNames.portal },
          ],
        },
      },
    },
  },
});
