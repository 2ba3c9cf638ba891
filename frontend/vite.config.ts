import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";

// The backend serves the API, the region-prefixed API and socket.io on one origin (port 3030);
// in development Vite forwards the same paths there so the browser code never needs a host name.
const backend = process.env.BACKEND_URL ?? "http://localhost:3030";
const apiPrefixes = ["/v1", "/hk", "/sg", "/bj", "/mo", "/global"];

// Our catalogues in one chunk per language; antd's, rc-picker's and dayjs's Chinese texts in one of
// their own: libraries import those statically too (rc-pagination's default locale is zh_CN, antd
// pro-provider under @refinedev/antd imports antd's and dayjs's), and in the catalogues' chunk they
// would bring every Chinese catalogue to every English list page.
const LANGUAGE_FILES: [RegExp, string][] = [
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

export default defineConfig({
  // Every asset is also written brotli- and gzip-compressed (.br, .gz): the server sends the
  // compressed file to a browser that accepts it, without compressing on each request.
  plugins: [react(), compression({ threshold: 1024, logLevel: "silent" }), preloadDefaultCatalogues()],
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
          ],
        },
      },
    },
  },
});
