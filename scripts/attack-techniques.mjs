// @ts-check
/**
 * Makes the ATT&CK technique table the server ships (`server/modules/attack/attack-techniques.json`) and the
 * license that must travel with it (`server/modules/attack/ATTACK-LICENSE.txt`) from MITRE's published STIX data,
 * a checkout of https://github.com/mitre/cti (or its bare git directory). Nothing is downloaded.
 *
 *   node scripts/attack-techniques.mjs <path-to-mitre-cti> [--version 18.1]
 *
 * Every Enterprise `attack-pattern` that is neither `revoked` nor `x_mitre_deprecated` becomes `[id, name, tactics]`
 * (the `mitre-attack` external id, e.g. T1566.001; tactics from its `kill_chain_phases` of `mitre-attack`, in the
 * Enterprise matrix's order). The version is read from the commit MITRE tagged ("ATT&CK v18.1 Enterprise"), or
 * given with `--version` for a plain copy of the files.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'server', 'modules', 'attack');
const DOMAIN = 'enterprise-attack';

const args = process.argv.slice(2);
const versionAt = args.indexOf('--version');
const givenVersion = versionAt >= 0 ? args[versionAt + 1] : undefined;
const source = args.find((arg, i) => !arg.startsWith('--') && (versionAt < 0 || i !== versionAt + 1));
if (!source) {
  console.error(
    'Usage: node scripts/attack-techniques.mjs <path-to-mitre-cti checkout or git dir> [--version X.Y]',
  );
  process.exit(2);
}
if (!existsSync(source) || !statSync(source).isDirectory()) {
  console.error(`Not a directory: ${source}`);
  process.exit(2);
}

function isGitRepository(dir) {
  try {
    execFileSync('git', ['-C', dir, 'rev-parse', '--git-dir'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** Reads the repository through git when it is one (a bare mirror has no files to read), else from the disk. */
function openSource(dir) {
  if (!isGitRepository(dir)) {
    return {
      list: (folder) =>
        readdirSync(path.join(dir, folder))
          .filter((name) => name.endsWith('.json'))
          .map((name) => path.join(folder, name)),
      readMany: (files) => files.map((file) => readFileSync(path.join(dir, file), 'utf8')),
      read: (file) => readFileSync(path.join(dir, file), 'utf8'),
      subject: () => '',
    };
  }
  const git = (/** @type {string[]} */ gitArgs) =>
    execFileSync('git', ['-C', dir, ...gitArgs], { maxBuffer: 1 << 30, encoding: 'utf8' });
  return {
    list: (folder) =>
      git(['ls-tree', '-r', '--name-only', 'HEAD', `${folder}/`])
        .split('\n')
        .filter((name) => name.endsWith('.json')),
    // One `cat-file --batch` for all files: 800 `git show` calls took seconds.
    readMany: (files) => {
      const out = execFileSync('git', ['-C', dir, 'cat-file', '--batch'], {
        input: files.map((file) => `HEAD:${file}`).join('\n') + '\n',
        maxBuffer: 1 << 30,
      });
      const texts = [];
      let at = 0;
      for (const file of files) {
        const headerEnd = out.indexOf(0x0a, at);
        const header = out.subarray(at, headerEnd).toString('utf8');
        const size = Number(header.split(' ')[2]);
        if (!Number.isFinite(size)) throw new Error(`git could not read ${file}: ${header}`);
        texts.push(out.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8'));
        at = headerEnd + 1 + size + 1;
      }
      return texts;
    },
    read: (file) => git(['show', `HEAD:${file}`]),
    subject: () => git(['log', '-1', '--format=%s', 'HEAD']).trim(),
  };
}

const repo = openSource(source);
const objectsOf = (folder) =>
  repo
    .readMany(repo.list(folder))
    .flatMap((text) => /** @type {{objects: any[]}} */ (JSON.parse(text)).objects);

const version = givenVersion ?? /ATT&CK v(\d+(?:\.\d+)*)/.exec(repo.subject())?.[1];
if (!version) {
  console.error('Cannot tell the ATT&CK version from the commit: give it with --version X.Y');
  process.exit(2);
}

const live = (o) => !o.revoked && !o.x_mitre_deprecated;

// Tactic order: the Enterprise matrix's tactic_refs, read as the tactics' short names.
const tactics = new Map(objectsOf(`${DOMAIN}/x-mitre-tactic`).map((t) => [t.id, t.x_mitre_shortname]));
const matrix = objectsOf(`${DOMAIN}/x-mitre-matrix`).find(live);
const order = new Map((matrix?.tactic_refs ?? []).map((ref, i) => [tactics.get(ref), i]));

const techniques = objectsOf(`${DOMAIN}/attack-pattern`)
  .filter((o) => o.type === 'attack-pattern' && live(o))
  .map((o) => {
    const id = o.external_references?.find((ref) => ref.source_name === 'mitre-attack')?.external_id;
    const phases = (o.kill_chain_phases ?? [])
      .filter((phase) => phase.kill_chain_name === 'mitre-attack')
      .map((phase) => phase.phase_name)
      .sort((a, b) => (order.get(a) ?? 99) - (order.get(b) ?? 99));
    return [id, String(o.name).trim(), phases];
  })
  .filter(([id]) => typeof id === 'string' && /^T\d{4}(\.\d{3})?$/.test(id))
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const ids = new Set(techniques.map(([id]) => id));
if (ids.size !== techniques.length) throw new Error('Two live techniques share an id');

// The copyright designation and license the ATT&CK terms ask every copy to reproduce.
const licenseText = repo.read('LICENSE.txt');
const attackSection = licenseText.split(/\n(?=CAPEC™\n=+)/)[0].trim();
const copyright = /"(©[^"]+)"/.exec(attackSection)?.[1];
if (!copyright) throw new Error('No copyright designation found in LICENSE.txt');

const table = {
  source: `MITRE ATT&CK Enterprise v${version} (https://github.com/mitre/cti, ${DOMAIN}/attack-pattern)`,
  version,
  copyright,
  license: 'ATTACK-LICENSE.txt',
  columns: ['id', 'name', 'tactics'],
  techniques,
};
// One technique a line: small diffs when MITRE publishes the next version.
const json = `{\n${Object.entries(table)
  .filter(([key]) => key !== 'techniques')
  .map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`)
  .join(
    '\n',
  )}\n  "techniques": [\n${techniques.map((row) => `    ${JSON.stringify(row)}`).join(',\n')}\n  ]\n}\n`;
writeFileSync(path.join(outDir, 'attack-techniques.json'), json);
writeFileSync(
  path.join(outDir, 'ATTACK-LICENSE.txt'),
  `The ATT&CK technique table in attack-techniques.json (ATT&CK Enterprise v${version}) is derived from MITRE's\n` +
    `published STIX data. MITRE's copyright designation and license, reproduced as they require:\n\n${attackSection}\n`,
);
console.log(
  `ATT&CK v${version}: ${techniques.length} techniques (${techniques.filter(([id]) => id.includes('.')).length} sub-techniques)`,
);
