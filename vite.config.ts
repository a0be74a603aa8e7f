import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { CLIENT_ROUTES } from './contract/routes.js';
import { ROUTE_PRELOADS_FILE, type PreloadedPage, type RoutePreloads } from './contract/route-preloads.js';

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

/**
 * The module under client/app/routes/ that draws each client route: its name in kebab case (`blogPost` is
 * blog-post.tsx), as client/app/route-pages.ts loads it, but for these. Decision 023.
 */
const ROUTE_MODULE_EXCEPTIONS: Partial<Record<PreloadedPage, string>> = {
  // Signed out, / is the landing page (part of the entry); signed in, it is the member's home page.
  home: 'landing',
  memberHome: 'home',
  // One small module draws the three legal pages.
  privacy: 'legal',
  terms: 'legal',
  security: 'legal',
};

/**
 * Writes ROUTE_PRELOADS_FILE: for each client route, the built files of its own module and of the modules it
 * imports statically that the entry script does not already load, so the server can name them in the route's HTML
 * and the browser fetches them beside the entry instead of after it has run (decision 023). Fails the build when a
 * route's module is neither a lazy chunk of its own nor part of the entry, so the table cannot rot silently.
 */
function routePreloads(clientRoot: string): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** The chunk and every chunk it imports statically, transitively. */
      const staticGraph = (chunk: Rollup.OutputChunk, seen = new Set<Rollup.OutputChunk>()) => {
        if (seen.has(chunk)) return seen;
        seen.add(chunk);
        for (const fileName of chunk.imports) staticGraph(byFileName.get(fileName)!, seen);
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return this.error('route-preloads: the build has no entry chunk');
      const entryGraph = staticGraph(entry);
      const entryModules = new Set([...entryGraph].flatMap((chunk) => chunk.moduleIds));
      const entryCss = new Set(
        [...entryGraph].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
      );

      const preloads: RoutePreloads = {};
      for (const name of [...Object.keys(CLIENT_ROUTES), 'memberHome'] as PreloadedPage[]) {
        const file =
          ROUTE_MODULE_EXCEPTIONS[name] ?? name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
        const moduleId = path.join(clientRoot, 'app/routes', `${file}.tsx`);
        if (entryModules.has(moduleId)) continue;
        const own = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === moduleId);
        if (!own) {
          return this.error(
            `route-preloads: the page "${name}" should be drawn by app/routes/${file}.tsx, which is neither ` +
              'a lazy chunk of its own nor part of the entry (rename it, or add it to ROUTE_MODULE_EXCEPTIONS)',
          );
        }
        const graph = [...staticGraph(own)].filter((chunk) => !entryGraph.has(chunk));
        preloads[name] = {
          scripts: graph.map((chunk) => `/${chunk.fileName}`),
          styles: [...new Set(graph.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))]
            .filter((css) => !entryCss.has(css))
            .map((css) => `/${css}`),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads)}\n`,
      });
    },
  };
}

const apiPort = process.env.PORT ?? '5000';

const clientRoot = fileURLToPath(new URL('./client', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));

export default defineConfig(({ command }) => {
  // A build is always a production bundle, even when started from a test run (NODE_ENV=test) or a dev shell.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: 'client',
    publicDir: 'public',
    plugins: [react(), tailwindcss(), routePreloads(clientRoot), precompress(outDir)],
    resolve: {
      alias: {
        '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
        '@': clientRoot,
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
      rolldownOptions: {
        output: {
          // Fewer, larger files where a page waits for them (decision 026). Left to itself, rolldown makes a chunk
          // of every set of modules the same pages share: the first page loaded its entry and 7 such chunks, and
          // /marketplace 24 more before its intro could paint, 10 of them single icons of 200-300 bytes, each a
          // round trip on a slow phone.
          codeSplitting: {
            groups: [
              // Everything the entry imports statically goes in the entry's own file (as one file, also 4 KB
              // smaller gzipped). `$initial` follows what the build keeps, so icons that only lazy pages use
              // stay out although lucide-react's index imports every icon.
              { name: 'index', tags: ['$initial'], priority: 2 },
              // The icons of the lazy pages, in one file (138 icons, 13 KB gzipped): an icon has no imports of
              // its own but lucide's helper, which is in the entry, so this file pulls nothing else in.
              {
                name: 'icons',
                test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
                includeDependenciesRecursively: false,
                priority: 1,
              },
            ],
          },
        },
      },
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
