// Main chain `~/node/main/config.json` (spec §2.2). The schema accepts any file the binary would
// accept (unknown keys pass through: the real `Configuration` has ~60 more fields); the renderer
// writes every field of the spec's tables with its default, in the spec's order.
import { z } from 'zod';
import type { ChainType } from '../network/chain-type.js';
import { network } from '../network/network-table.js';
import { Port, RpcConfiguration } from './common.js';

const Height = z.number().int().nonnegative();

export const DPoSConfiguration = z.looseObject({
  EnableArbiter: z.boolean().optional(),
  IPAddress: z.string().optional(),
  Magic: z.number().int().nonnegative().optional(),
  DPoSPort: Port.optional(),
  CRCArbiters: z.array(z.string()).optional(),
});

export const PowConfiguration = z.looseObject({
  PayToAddr: z.string().optional(),
  AutoMining: z.boolean().optional(),
  MinerInfo: z.string().optional(),
});

export const MainConfiguration = z.looseObject({
  ActiveNet: z.enum(['', 'mainnet', 'testnet', 'regnet']).optional(),
  Magic: z.number().int().nonnegative().optional(),
  DPoSConfiguration: DPoSConfiguration.optional(),
  EnableRPC: z.boolean().optional(),
  RpcConfiguration: RpcConfiguration.partial().optional(),
  HttpRestPort: Port.optional(),
  HttpJsonPort: Port.optional(),
  NodePort: Port.optional(),
  PrintLevel: z.number().int().min(0).max(4).optional(),
  MaxLogsSize: z.number().int().nonnegative().optional(),
  MaxPerLogSize: z.number().int().nonnegative().optional(),
  MinCrossChainTxFee: z.number().int().nonnegative().optional(),
  PowConfiguration: PowConfiguration.optional(),
  CheckAddressHeight: Height.optional(),
  VoteStartHeight: Height.optional(),
  CRCOnlyDPOSHeight: Height.optional(),
  NewCrossChainStartHeight: Height.optional(),
});
export type MainConfiguration = z.infer<typeof MainConfiguration>;

export const MainChainConfigFile = z.looseObject({ Configuration: MainConfiguration });
export type MainChainConfigFile = z.infer<typeof MainChainConfigFile>;

/** Log verbosity levels of `PrintLevel`. */
export const PRINT_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;

/** Defaults of spec §2.2 that do not depend on the network or the instance. */
export const MAIN_CONFIG_FIXED_DEFAULTS = {
  'DPoSConfiguration.EnableArbiter': true,
  EnableRPC: true,
  'RpcConfiguration.WhiteIPList': ['127.0.0.1'],
  PrintLevel: 1,
  MaxLogsSize: 0,
  MaxPerLogSize: 0,
  /** In sela (1 coin = 10^8 sela). */
  MinCrossChainTxFee: 10000,
  'PowConfiguration.PayToAddr': '',
  'PowConfiguration.AutoMining': false,
} as const;

/** MinerInfo written by init when the operator gives none (spec: "set by init"). */
export const DEFAULT_MINER_INFO = 'ELA';

export interface MainConfigInput {
  chainType: ChainType;
  /** `DPoSConfiguration.IPAddress`: the server's public IPv4. */
  ipAddress: string;
  rpcUser: string;
  rpcPass: string;
  minerInfo?: string;
}

/**
 * The generated `config.json` object, keys in the spec's order. Testnet gets `ActiveNet` and
 * `Magic` first; ports are the network's (testnet ports from the reference, spec leaves them out).
 * BPoS fork heights and council keys are network constants the binary carries: not written.
 */
export function renderMainConfig(input: MainConfigInput): MainChainConfigFile {
  const net = network(input.chainType).mainChain;
  const d = MAIN_CONFIG_FIXED_DEFAULTS;
  const testnet = input.chainType === 'testnet' ? { ActiveNet: 'testnet' as const, Magic: net.magic } : {};
  return {
    Configuration: {
      ...testnet,
      DPoSConfiguration: {
        EnableArbiter: d['DPoSConfiguration.EnableArbiter'],
        IPAddress: input.ipAddress,
        Magic: net.dposMagic,
        DPoSPort: net.dposPort,
      },
      EnableRPC: d.EnableRPC,
      RpcConfiguration: {
        User: input.rpcUser,
        Pass: input.rpcPass,
        WhiteIPList: [...d['RpcConfiguration.WhiteIPList']],
      },
      HttpRestPort: net.httpRestPort,
      HttpJsonPort: net.httpJsonPort,
      NodePort: net.nodePort,
      PrintLevel: d.PrintLevel,
      MaxLogsSize: d.MaxLogsSize,
      MaxPerLogSize: d.MaxPerLogSize,
      MinCrossChainTxFee: d.MinCrossChainTxFee,
      PowConfiguration: {
        PayToAddr: d['PowConfiguration.PayToAddr'],
        AutoMining: d['PowConfiguration.AutoMining'],
        MinerInfo: input.minerInfo ?? DEFAULT_MINER_INFO,
      },
    },
  };
}

/** The network a main-chain config runs on, as the binary decides it (`ActiveNet`). */
export function mainConfigChainType(config: MainConfiguration): ChainType | 'regnet' {
  return config.ActiveNet === 'testnet' ? 'testnet' : config.ActiveNet === 'regnet' ? 'regnet' : 'mainnet';
}

/** Effective JSON-RPC port: the file's, else the binary's built-in default for its network. */
export function mainJsonRpcPort(config: MainConfiguration, fallback: ChainType): number {
  const net = mainConfigChainType(config);
  return config.HttpJsonPort ?? network(net === 'regnet' ? fallback : net).mainChain.httpJsonPort;
}
