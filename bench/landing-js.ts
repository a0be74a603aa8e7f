import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript the landing route loads before it can run: the entry script and the chunks the built index.html
 * preloads, each gzipped as a server would send it. Lazy routes are not counted; they load on navigation.
 */
export async function landingJavaScript(clientDir: string): Promise<{ files: string[]; gzipBytes: number }> {
  const html = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1]!);
  let gzipBytes = 0;
  for (const file of new Set(files)) {
    gzipBytes += gzipSync(await readFile(path.join(clientDir, file.replace(/^\//, '')))).length;
  }
  return { files, gzipBytes };
}
