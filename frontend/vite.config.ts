import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";

// The backend serves the API, the region-prefixed API and socket.io on one origin (port 3030);
// in development Vite forwards the same paths there so the browser code never needs a host name.
const backend = process.env.BACKEND_URL ?? "http://localhost:3030";
const apiPrefixes = ["/v1", "/hk", "/sg", "/bj", "/mo", "/global"];

export default defineConfig({
  // Every asset is also written brotli- and gzip-compressed (.br, .gz): the server sends the
  // compressed file to a browser that accepts it, without compressing on each request.
  plugins: [react(), compression({ threshold: 1024, logLevel: "silent" })],
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
  },
});
