/**
 * The plan a settled payment gives (the reference's `PaymentConfig.get_plan_period`):
 *
 * - the new plan starts now;
 * - it ends after its service days plus the carry-over, or never (-1) if the plan has no end;
 * - carry-over = the time left on the current paid plan × (current price ÷ new price), so what was
 *   paid and not used moves into the new plan at the new plan's rate. None when the current plan is
 *   free, has no end or has expired, or when the new plan is free;
 * - the quota becomes the new plan's maxStorage MiB.
 *
 * Time is counted in seconds (the reference counts whole days); nothing is rounded up.
 */
import { quotaBytes, type Plan } from '../vault/plans.js';
import type { PlanChange, VaultRecord } from '../vault/vaults.js';

export const DAY_SECONDS = 86_400;

export function carryOverSeconds(
  current: Pick<VaultRecord, 'planAmount' | 'end'>,
  next: Pick<Plan, 'amount'>,
  now: number,
): number {
  if (current.planAmount <= 0 || current.end === -1 || current.end <= now || next.amount <= 0) return 0;
  return Math.floor(((current.end - now) * current.planAmount) / next.amount);
}

export function planChange(
  current: Pick<VaultRecord, 'planAmount' | 'end'>,
  next: Plan,
  now: number,
): PlanChange {
  const end =
    next.serviceDays === -1
      ? -1
      : now + next.serviceDays * DAY_SECONDS + carryOverSeconds(current, next, now);
  return { plan: next.name, quota: quotaBytes(next), planAmount: next.amount, start: now, end };
}
