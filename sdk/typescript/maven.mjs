// The Maven build's entry point (sdk/typescript/pom.xml): `node maven.mjs build` installs the pinned dev
// dependencies when package-lock.json changed since the last install, then runs `npm run build` when the sources
// changed since the last build;
// `node maven.mjs test` runs `npm test`.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args) {
  const result = spawnSync(npm, args, { cwd: here, stdio: 'inherit' });
  if (result.error) {
    console.error(`sdk/typescript: cannot run npm (${result.error.message}); install Node.js 18+ with npm`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`sdk/typescript: npm ${args.join(' ')} failed with exit code ${result.status}`);
    process.exit(1);
  }
}

/** The files under `dir` (relative to this directory), sorted so the hash does not depend on the directory's order. */
function files(dir) {
  return readdirSync(join(here, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name).slice(here.length + 1))
    .sort();
}

const step = process.argv[2];
if (step === 'build') {
  // npm ci wipes and reinstalls node_modules; a hash of the lock file inside node_modules says the installed tree
  // already matches, so repeated builds skip it.
  const lockHash = createHash('sha256').update(readFileSync(join(here, 'package-lock.json'))).digest('hex');
  const marker = join(here, 'node_modules', '.billing-lock-sha256');
  if (!(existsSync(marker) && readFileSync(marker, 'utf8').trim() === lockHash)) {
    run(['ci', '--no-audit', '--no-fund']);
    writeFileSync(marker, lockHash + '\n');
  }
  // dist is rebuilt only when what it is made from changed: a second build of the same sources (./billing test's
  // modules' run, after its first step built everything) leaves the files other suites are reading alone.
  const inputs = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs', ...files('src')]) {
    inputs.update(file).update(readFileSync(join(here, file)));
  }
  const built = inputs.digest('hex');
  const stamp = join(here, 'dist', '.billing-inputs-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === built) {
    console.log('sdk/typescript: dist is up to date');
  } else {
    run(['run', 'build']);
    writeFileSync(stamp, built + '\n');
  }
} else if (step === 'test') {
  run(['test']);
} else {
  console.error('usage: node maven.mjs build|test');
  process.exit(2);
}
