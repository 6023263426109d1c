import { isIPv4 } from 'node:net';
import { z } from 'zod';

export const Port = z.number().int().min(1).max(65535);
export const IPv4 = z.string().refine((s) => isIPv4(s), { message: 'not an IPv4 address' });

/** `RpcConfiguration` of the main chain and the arbiter (spec §2.2, §2.4, §5). */
export const RpcConfiguration = z.looseObject({
  User: z.string(),
  Pass: z.string(),
  WhiteIPList: z.array(z.string()),
});
export type RpcConfiguration = z.infer<typeof RpcConfiguration>;

/** JSON as node.sh leaves it after `jq`: 2-space indent and a trailing newline. */
export function formatJqJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
