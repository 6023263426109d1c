/** The one error body of every error response, as a zod schema (for the OpenAPI document). */
import { z } from 'zod';

export const errorBody = z
  .object({
    error: z.object({
      message: z.string().meta({ description: 'Human-readable reason, safe to show to a user.' }),
      internal_code: z
        .number()
        .int()
        .optional()
        .meta({ description: 'Refines the HTTP status (see the error table).' }),
    }),
  })
  .meta({ id: 'Error', description: 'The body of every error response.' });
