/** Pieces the Hive dialect's schemas share. */
import { z } from 'zod';

export const emptyBody = z.strictObject({}).meta({
  id: 'HiveEmptyBody',
  description: 'Exactly `{}` (what the Hive SDK sends on calls that take no body).',
  examples: [{}],
});

/** No body, or exactly `{}`. */
export const noBody = emptyBody.optional();
