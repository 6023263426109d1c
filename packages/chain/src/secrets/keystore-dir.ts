import { promises as fs } from 'node:fs';
import path from 'node:path';
import { getAddress } from 'ethers';
import { EvmKeystoreJson, type EvmKeystore } from './evm-keystore.js';

/**
 * The account in a geth keystore directory (first `UTC--*` file), or undefined when there is
 * none. Throws when the file is not a keystore, so init never pairs it with a new password.
 */
export async function findEvmKeystore(dir: string): Promise<EvmKeystore | undefined> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.startsWith('UTC--')).sort();
  } catch {
    return undefined;
  }
  const name = names[0];
  if (!name) return undefined;
  const json = await fs.readFile(path.join(dir, name), 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  const keystore = EvmKeystoreJson.safeParse(parsed);
  if (!keystore.success) throw new Error(`${path.join(dir, name)} is not a geth keystore file`);
  return { address: getAddress(`0x${keystore.data.address}`), fileName: name, json };
}
