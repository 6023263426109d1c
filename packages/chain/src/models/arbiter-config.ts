// Arbiter `~/node/arbiter/config.json` (spec §2.4). The SideNodeList entries are generated
// exactly as the spec tables them; the third entry carries only Name, Rpc, SyncStartHeight and
// ExchangeRate. Fields the real arbiter also accepts (GenesisBlock, SupportInvalidWithdraw, …)
// pass through the schema untouched.
import { z } from 'zod';
import type { ChainType } from '../network/chain-type.js';
import { network, type SidechainNetwork } from '../network/network-table.js';
import { thirdSidechainNetwork, type ThirdSidechainChoice } from '../network/third-sidechains.js';
import { Port, RpcConfiguration } from './common.js';

export const NodeRpc = z.looseObject({ IpAddress: z.string(), HttpJsonPort: Port });

export const SideNodeConfig = z.looseObject({
  Name: z.string().min(1),
  Rpc: NodeRpc,
  SyncStartHeight: z.number().int().nonnegative(),
  ExchangeRate: z.number().positive(),
  SupportQuickRecharge: z.boolean().optional(),
  SupportInvalidDeposit: z.boolean().optional(),
  SupportNFT: z.boolean().optional(),
  PowChain: z.boolean().optional(),
});
export type SideNodeConfig = z.infer<typeof SideNodeConfig>;

export const ArbiterConfiguration = z.looseObject({
  ActiveNet: z.enum(['', 'mainnet', 'testnet', 'regnet']).optional(),
  MainNode: z.looseObject({
    Rpc: NodeRpc.extend({ User: z.string(), Pass: z.string() }),
    Magic: z.number().int().nonnegative().optional(),
  }),
  SideNodeList: z.array(SideNodeConfig),
  RpcConfiguration: RpcConfiguration,
  HttpJsonPort: Port.optional(),
  HttpRestPort: Port.optional(),
});
export type ArbiterConfiguration = z.infer<typeof ArbiterConfiguration>;

export const ArbiterConfigFile = z.looseObject({ Configuration: ArbiterConfiguration });
export type ArbiterConfigFile = z.infer<typeof ArbiterConfigFile>;

/** Per-sidechain flags of the generated SideNodeList (spec §2.4 table). */
const ENTRY_FLAGS = {
  smartContract: {
    SupportQuickRecharge: true,
    SupportInvalidDeposit: true,
    SupportNFT: true,
    PowChain: false,
  },
  identity: { SupportQuickRecharge: true, SupportInvalidDeposit: true, SupportNFT: false, PowChain: false },
} as const;

/** "always 1.0 for the main coin" (spec §2.4). JSON has no 1.0, so it is written as 1. */
export const EXCHANGE_RATE = 1;

export interface ArbiterConfigInput {
  chainType: ChainType;
  mainRpcUser: string;
  mainRpcPass: string;
  arbiterRpcUser: string;
  arbiterRpcPass: string;
  third: ThirdSidechainChoice;
}

function entry(side: SidechainNetwork): SideNodeConfig {
  return {
    Name: side.name,
    Rpc: { IpAddress: '127.0.0.1', HttpJsonPort: side.arbiterRpcPort },
    SyncStartHeight: side.syncStartHeight,
    ExchangeRate: EXCHANGE_RATE,
  };
}

export function renderArbiterConfig(input: ArbiterConfigInput): ArbiterConfigFile {
  const net = network(input.chainType);
  const sideNodes: SideNodeConfig[] = [
    { ...entry(net.smartContract), ...ENTRY_FLAGS.smartContract },
    { ...entry(net.identity), ...ENTRY_FLAGS.identity },
  ];
  if (input.third !== 'none') sideNodes.push(entry(thirdSidechainNetwork(input.third, input.chainType)));
  const testnet = input.chainType === 'testnet' ? { ActiveNet: 'testnet' as const } : {};
  return {
    Configuration: {
      ...testnet,
      MainNode: {
        Rpc: {
          IpAddress: '127.0.0.1',
          HttpJsonPort: net.mainChain.httpJsonPort,
          User: input.mainRpcUser,
          Pass: input.mainRpcPass,
        },
        // The arbiter follows the main chain's P2P network, so testnet names its magic.
        ...(input.chainType === 'testnet' ? { Magic: net.mainChain.magic } : {}),
      },
      SideNodeList: sideNodes,
      RpcConfiguration: {
        User: input.arbiterRpcUser,
        Pass: input.arbiterRpcPass,
        WhiteIPList: ['127.0.0.1'],
      },
      HttpJsonPort: net.arbiter.httpJsonPort,
      HttpRestPort: net.arbiter.httpRestPort,
    },
  };
}

export function arbiterConfigChainType(config: ArbiterConfiguration): ChainType | 'regnet' {
  return config.ActiveNet === 'testnet' ? 'testnet' : config.ActiveNet === 'regnet' ? 'regnet' : 'mainnet';
}

export function arbiterJsonRpcPort(config: ArbiterConfiguration, fallback: ChainType): number {
  const net = arbiterConfigChainType(config);
  return config.HttpJsonPort ?? network(net === 'regnet' ? fallback : net).arbiter.httpJsonPort;
}
