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
  if (!e.exposedOn || !e.exposedModules.length) return undefined;
  const modules = e.exposedModules.map((m) => `"${m}"`).join(', ');
  if (e.exposedModules.includes('personal') && e.unlocked !== undefined) {
    const account = typeof e.unlocked === 'string' ? `account ${e.unlocked}` : 'an account';
    return {
      check: 'rpc-exposed-unlocked',
      severity: 'error',
      message: `RPC bound to ${e.exposedOn} with ${modules} enabled and ${account} unlocked: anyone who reaches the port can send transactions from it`,
    };
  }
  return {
    check: e.exposedModules.includes('personal') ? 'rpc-exposed-unlocked' : 'rpc-exposed-admin',
    severity: 'warning',
    message: `RPC bound to ${e.exposedOn} with ${modules} enabled: anyone who reaches the port can use them`,
  };
}
