/**
 * Storage plans: each operator sets them in a JSON file (CELLA_PLANS_FILE), validated here. The
 * shape is the reference's payment config: `{version, pricingPlans[], backupPlans[]}`, each plan
 * `{name, maxStorage (MiB), serviceDays (-1 = no end), amount, currency}`. The first free plan
 * (amount 0) is the one every new vault gets.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../config.js';

/**
 * A price in wei (10^-18 of the currency), exact: computed from the shortest decimal form of the
 * number (2.5 → "2.5"), never from float arithmetic, so 0.1 ELA is exactly 10^17 wei. More than
 * 18 decimals cannot be paid and is refused.
 */
export function priceToWei(amount: number): bigint {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`not a price: ${amount}`);
  const [mantissa = '0', exponent = '0'] = String(amount).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = 18 + Number(exponent) - fraction.length;
  if (scale < 0) throw new RangeError(`the price ${amount} has more than 18 decimals`);
  return BigInt(whole + fraction) * 10n ** BigInt(scale);
}

export const planSchema = z.object({
  name: z.string().min(1).max(64),
  maxStorage: z.number().positive().meta({ description: 'MiB' }),
  serviceDays: z.number().int().min(-1),
  amount: z
    .number()
    .min(0)
    .refine((n) => {
      try {
        priceToWei(n);
        return true;
      } catch {
        return false;
      }
    }, 'at most 18 decimals'),
  currency: z.string().min(1).max(16),
});

export const plansFileSchema = z
  .object({
    version: z.string().default('1.0'),
    pricingPlans: z.array(planSchema).min(1),
    backupPlans: z.array(planSchema).min(1),
  })
  .superRefine((file, ctx) => {
    for (const key of ['pricingPlans', 'backupPlans'] as const) {
      const names = file[key].map((p) => p.name);
      if (new Set(names).size !== names.length)
        ctx.addIssue({ code: 'custom', path: [key], message: 'plan names must be unique' });
      if (!file[key].some((p) => p.amount === 0))
        ctx.addIssue({ code: 'custom', path: [key], message: 'needs a free plan (amount 0)' });
      if (file[key].some((p) => p.amount === 0 && p.serviceDays !== -1)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'a free plan must not expire (serviceDays -1)',
        });
      }
    }
  });

export type Plan = z.infer<typeof planSchema>;
export type PlansFile = z.infer<typeof plansFileSchema>;

/** The reference Hive Node's defaults. */
export const defaultPlans: PlansFile = {
  version: '1.0',
  pricingPlans: [
    { name: 'Basic', maxStorage: 500, serviceDays: -1, amount: 0, currency: 'ELA' },
    { name: 'Standard', maxStorage: 2000, serviceDays: 30, amount: 2.5, currency: 'ELA' },
    { name: 'Premium', maxStorage: 5000, serviceDays: 30, amount: 5, currency: 'ELA' },
  ],
  backupPlans: [
    { name: 'Basic', maxStorage: 500, serviceDays: -1, amount: 0, currency: 'ELA' },
    { name: 'Standard', maxStorage: 2000, serviceDays: 30, amount: 1.5, currency: 'ELA' },
    { name: 'Premium', maxStorage: 5000, serviceDays: 30, amount: 3, currency: 'ELA' },
  ],
};

/** A ConfigError, so `npm start` reports it as a configuration problem (message, exit code 2). */
export class PlansError extends ConfigError {
  override name = 'PlansError';
}

export function loadPlans(file: string | undefined): PlansFile {
  if (!file) return defaultPlans;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PlansError(`cannot read the plans file ${file}: ${(error as Error).message}`);
  }
  const parsed = plansFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new PlansError(
      `invalid plans file ${file}:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`,
    );
  }
  return parsed.data;
}

export const MiB = 1024 * 1024;

export function freePlan(plans: Plan[]): Plan {
  return plans.find((p) => p.amount === 0)!;
}

export function quotaBytes(plan: Plan): number {
  return Math.round(plan.maxStorage * MiB);
}
