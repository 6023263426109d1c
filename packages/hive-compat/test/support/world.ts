/** What the global setup starts and hands to every test file (`inject('world')`). */

export interface CompatWorld {
  /** Temporary directory of this run (wallets, data dirs, token caches). */
  root: string;
  /** The identity-chain stand-in: JSON-RPC on any path, `/idtx` to publish. */
  standInUrl: string;
  vault: { url: string; did: string; name: string };
  backup: { url: string; did: string };
  chain: {
    rpcUrl: string;
    chainId: number;
    contractAddress: string;
    receivingAddress: string;
    /** Funded dev accounts' keys, one per paying test. */
    payerKeys: string[];
  };
  /** The node owner's wallet (the DIDStore of the DID that issued both nodes' ownership credentials). */
  owner: { storeDir: string; did: string };
  /** A published application DID with an `#appinfo` credential. */
  app: { did: string; name: string; iconUrl: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    world: CompatWorld;
  }
}

/** The plans both nodes offer (the reference's shape: `maxStorage` in MB, prices in ELA). */
export const compatPlans = {
  version: '1.0',
  pricingPlans: [
    { name: 'Basic', maxStorage: 500, serviceDays: -1, amount: 0, currency: 'ELA' },
    { name: 'Standard', maxStorage: 2000, serviceDays: 30, amount: 0.01, currency: 'ELA' },
    { name: 'Premium', maxStorage: 5000, serviceDays: 30, amount: 0.02, currency: 'ELA' },
  ],
  backupPlans: [
    { name: 'Basic', maxStorage: 500, serviceDays: -1, amount: 0, currency: 'ELA' },
    { name: 'Standard', maxStorage: 2000, serviceDays: 30, amount: 0.005, currency: 'ELA' },
  ],
};
