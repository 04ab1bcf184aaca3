// Compiles every .sol file under a source directory with solc-js (standard JSON) and writes one
// <ContractName>.json with {abi, bytecode} per contract into an output directory.
// Usage: node compile.mjs <sourceDir> <outputDir>
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const solc = require('solc');

const [sourceDir, outputDir] = process.argv.slice(2);
if (!sourceDir || !outputDir) {
  console.error('usage: node compile.mjs <sourceDir> <outputDir>');
  process.exit(2);
}

const sources = {};
for (const file of readdirSync(sourceDir).filter((name) => name.endsWith('.sol')).sort()) {
  sources[file] = { content: readFileSync(join(sourceDir, file), 'utf8') };
}

const input = {
  language: 'Solidity',
  sources,
  settings: {
    // cancun: supported by anvil's default hardfork and by Base; nothing here needs a newer opcode.
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};

const output = JSON.parse(solc.compile(JSON.stringify(input)));
const problems = output.errors ?? [];
for (const problem of problems) {
  console.error(problem.formattedMessage ?? problem.message);
}
if (problems.some((problem) => problem.severity === 'error')) {
  console.error(`solc ${solc.version()}: compilation failed`);
  process.exit(1);
}

mkdirSync(outputDir, { recursive: true });
let written = 0;
for (const [file, contracts] of Object.entries(output.contracts ?? {})) {
  for (const [name, contract] of Object.entries(contracts)) {
    // An interface (the vault's view of a permit token) has no code to deploy and needs no artifact.
    if (contract.evm.bytecode.object.length === 0) continue;
    const artifact = { abi: contract.abi, bytecode: '0x' + contract.evm.bytecode.object };
    writeFileSync(join(outputDir, `${name}.json`), JSON.stringify(artifact, null, 2) + '\n');
    written++;
    console.log(`compiled ${file}:${name} bytecodeBytes=${contract.evm.bytecode.object.length / 2}`);
  }
}
console.log(`solc ${solc.version()}: ${written} contract(s) written to ${outputDir}`);
