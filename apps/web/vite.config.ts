import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const BOOT = [
  /node_modules\/(react|react-dom|scheduler|i18next|react-i18next|html-parse-stringify|void-elements)\//,
  /packages\/domain\/src\//,
  /apps\/web\/src\/(app\/(earlyReads|popup)|features\/accounts\/params|api\/(account|client|interpret|endpoints)|state\/(storage|authStorage)|ui\/(LanguageSwitcher|documentHead|validation))\.tsx?$/,
  /apps\/web\/src\/i18n\/(index|en|useLanguage|sysadmin|reportTable|adminGuard|itAdmins|backupFolder|words|menuLogin)\.ts$/,
  /apps\/web\/src\/features\/auth\/(FirstLogin|LoginForm|rules)\.tsx?$/,
];

// The dev server proxies /api to the Fastify server; `npm start` serves dist/ from the server itself.
export default defineConfig({
  plugins: [
    react(),
    // Each file of 1 KB or more gets a .br and a .gz beside it, written once here: the server sends them as
    // they are (@fastify/static preCompressed), no compression per visitor. Brotli quality 5, not 11: 10%
    // larger files (167 KB against 151 KB for the largest) for a build 2 s longer instead of 20 s (`npm
    // start` builds at every start).
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), 'gzip'],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // What the login form needs (main.tsx's own imports: React, i18next, the English catalogue, the
        // session calls, packages/domain) in one file, not sixteen: a fresh browser shows the form after
        // one round of requests (issue 28 line 10). The app loads these too, so nothing is fetched twice.
        codeSplitting: { groups: [{ name: 'boot', test: (id: string) => BOOT.some((r) => r.test(id)) }] },
      },
    },
  },
});
