import type { RequestContext } from '../../context.js';
import { unauthorized } from '../../errors.js';

export function callerDid(ctx: RequestContext): string {
  if (!ctx.caller) throw unauthorized('sign in first');
  return ctx.caller.userDid;
}
