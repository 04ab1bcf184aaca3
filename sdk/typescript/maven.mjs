// The Maven build's entry point (sdk/typescript/pom.xml): `node maven.mjs build` installs the pinned dev
// dependencies when package-lock.json changed since the last install, then runs `npm run build`;
// `node maven.mjs test` runs `npm test`.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
  run(['run', 'build']);
} else if (step === 'test') {
  run(['test']);
} else {
  console.error('usage: node maven.mjs build|test');
  process.exit(2);
}
