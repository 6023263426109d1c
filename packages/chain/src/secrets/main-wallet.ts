// The main chain's wallet, `keystore.dat` (written by `ela-cli wallet create`): JSON holding each
// account's address in clear next to its encrypted key (ELA `account/fileStore.go`, FileData
// {Version, PasswordHash, IV, MasterKey, Account: [{Address, ProgramHash, RedeemScript,
// PrivateKeyEncrypted, Type}]}). Only the addresses are read, never the key material.
import { promises as fs } from 'node:fs';
import { z } from 'zod';

export const MainWalletFile = z.looseObject({
  Account: z.array(z.looseObject({ Address: z.string().min(1), Type: z.string().optional() })).min(1),
});

/** The wallet's addresses, main account first; undefined when the file does not exist. */
export async function readMainWalletAddresses(file: string): Promise<string[] | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const wallet = MainWalletFile.safeParse(json);
  if (!wallet.success) throw new Error(`${file} is not an ela-cli wallet (no Account[].Address)`);
  const accounts = [...wallet.data.Account].sort(
    (a, b) => Number(b.Type === 'main-account') - Number(a.Type === 'main-account'),
  );
  return [...new Set(accounts.map((a) => a.Address))];
}
