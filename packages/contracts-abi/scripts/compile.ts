// Build step: compiles contracts/PaymentV1.sol and writes src/generated/payment-v1.ts, which is
// committed so consumers (and type-checking) never need solc. `npm run build` runs this first.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { compilePaymentV1, renderPaymentV1Module } from './solc-build.js';

const target = new URL('../src/generated/payment-v1.ts', import.meta.url);

const artifact = await compilePaymentV1();
for (const warning of artifact.warnings) console.warn(warning);

await mkdir(new URL('./', target), { recursive: true });
// Write then rename, so an interrupted build never leaves a half-written module behind.
const temp = new URL(`./payment-v1.ts.${process.pid}.tmp`, target);
await writeFile(temp, renderPaymentV1Module(artifact));
await rename(temp, target);
console.log(
  `PaymentV1: ${(artifact.bytecode.length - 2) / 2} B creation code, ` +
    `${(artifact.deployedBytecode.length - 2) / 2} B runtime code (${artifact.compilerVersion}) -> src/generated/payment-v1.ts`,
);
