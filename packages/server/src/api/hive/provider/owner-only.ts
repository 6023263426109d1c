/** The provider endpoints answer the node's owner only (the issuer of its ownership credential). */
import { CellaError } from '../../../errors.js';
import type { UserContext } from '../../request-context.js';

export function assertNodeOwner(ctx: UserContext): void {
  const owner = ctx.app.ownership.ownerDid;
  if (owner === '' || ctx.caller.userDid !== owner)
    throw new CellaError('FORBIDDEN', "only the node's owner may list what the node holds");
}
