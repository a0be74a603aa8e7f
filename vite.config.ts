import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz beside every compressible built asset (design 11.3), so the server sends them by content
 * negotiation without compressing per request. Files that do not shrink by a tenth are left alone.
 */
function precompress(outDir: string): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async closeBundle() {
      const dir = path.join(outDir, 'assets');
      const files = (await readdir(dir)).filter((name) => /\.(js|css|svg|json|txt)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(body, { level: 9 }),
          ]);
          if (br.length < body.length * 0.9) await writeFile(`${file}.br`, br);
          if (gz.length < body.length * 0.9) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

const apiPort = process.env.PORT ?? '5000';

const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));

export default defineConfig(({ command }) => {
  // A build is always a production bundle, even when started from a test run (NODE_ENV=test) or a dev shell.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: 'client',
    publicDir: 'public',
    plugins: [react(), tailwindcss(), precompress(outDir)],
    resolve: {
      alias: {
        '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
        '@': fileURLToPath(new URL('./client', import.meta.url)),
        'use-sync-external-store/shim/index.js': fileURLToPath(
          new URL('./client/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    },
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: true,
      // Every browser the build targets preloads modules itself; the polyfill only weighed on the first page.
      modulePreload: { polyfill: false },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
        '/healthz': `http://127.0.0.1:${apiPort}`,
        '/readyz': `http://127.0.0.1:${apiPort}`,
      },
    },
  };
});
