// `npm run build`: the ESM and CommonJS bundles with esbuild (no runtime dependencies to leave out), then the type
// declarations with tsc. Writes dist/esm/index.mjs, dist/cjs/index.cjs and dist/types/.
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'dist'), { recursive: true, force: true });

const common = {
  entryPoints: [join(root, 'src', 'index.ts')],
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
};
await build({ ...common, format: 'esm', outfile: join(root, 'dist', 'esm', 'index.mjs') });
await build({ ...common, format: 'cjs', outfile: join(root, 'dist', 'cjs', 'index.cjs') });

const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', root], {
  stdio: 'inherit',
});
process.exit(tsc.status ?? 1);
