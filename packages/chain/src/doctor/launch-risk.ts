// The one judgement of a sidechain command line's exposure, shared by doctor (a finding), init
// and flags (a warning next to what they print): an RPC reachable from the network with account
// or node control enabled.
import { launchExposure } from '../models/sidechain-flags.js';

export interface LaunchRisk {
  check: 'rpc-exposed-unlocked' | 'rpc-exposed-admin';
  severity: 'error' | 'warning';
  message: string;
}

export function launchRisk(args: readonly string[]): LaunchRisk | undefined {
  const e = launchExposure(args);
  if (!e.exposedOn) return undefined;
  const personal = e.exposedModules.includes('personal');
  // An account --unlock'ed is spent through eth_sendTransaction (eth, in geth's default modules
  // too) or personal_sendTransaction; with only --allow-insecure-unlock, personal can unlock one.
  const spendable =
    typeof e.unlocked === 'string' ? personal || e.ethExposed : e.unlocked === true && personal;
  if (spendable) {
    const account = typeof e.unlocked === 'string' ? `account ${e.unlocked}` : 'an account';
    const through = personal
      ? e.exposedModules.map((m) => `"${m}"`).join(', ')
      : '"eth" (eth_sendTransaction signs with unlocked accounts)';
    return {
      check: 'rpc-exposed-unlocked',
      severity: 'error',
      message: `RPC bound to ${e.exposedOn} with ${through} enabled and ${account} unlocked: anyone who reaches the port can send transactions from it`,
    };
  }
  if (!e.exposedModules.length) return undefined;
  const modules = e.exposedModules.map((m) => `"${m}"`).join(', ');
  return {
    check: personal ? 'rpc-exposed-unlocked' : 'rpc-exposed-admin',
    severity: 'warning',
    message: `RPC bound to ${e.exposedOn} with ${modules} enabled: anyone who reaches the port can use them`,
  };
}
