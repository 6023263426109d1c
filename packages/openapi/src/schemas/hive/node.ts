/** The Hive dialect's node answers. */
import { z } from 'zod';

export const commitId = z
  .object({ commit_id: z.string().meta({ description: "The build's git commit, else the version." }) })
  .meta({ id: 'HiveCommitId' });
