// The main chain wallet (ela-cli's keystore.dat): addresses read in clear, main account first.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMainWalletAddresses } from '../src/index.js';
import { tempHome } from './helpers/tree.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

describe('readMainWalletAddresses', () => {
  it('lists the addresses of an ela-cli wallet, the main account first; undefined without a file', async () => {
    const dir = await tempHome();
    dirs.push(dir);
    const file = path.join(dir, 'keystore.dat');
    expect(await readMainWalletAddresses(file)).toBeUndefined();
    const account = (Address: string, Type: string) => ({
      Address,
      ProgramHash: '21',
      RedeemScript: '21',
      PrivateKeyEncrypted: 'ff',
      Type,
    });
    // ELA account/fileStore.go FileData, as json.Marshal writes it.
    await fs.writeFile(
      file,
      JSON.stringify({
        Version: '1.0.0',
        PasswordHash: 'aa',
        IV: 'bb',
        MasterKey: 'cc',
        Account: [account('ESub', 'sub-account'), account('EMain', 'main-account')],
      }),
    );
    expect(await readMainWalletAddresses(file)).toEqual(['EMain', 'ESub']);
    await fs.writeFile(file, '{"Account": []}');
    await expect(readMainWalletAddresses(file)).rejects.toThrow('is not an ela-cli wallet');
  });
});
