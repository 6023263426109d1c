/** The Hive dialect's node answers. */
import { z } from 'zod';

export const commitId = z
  .object({ commit_id: z.string().meta({ description: "The build's git commit, else the version." }) })
  .meta({ id: 'HiveCommitId', examples: [{ commit_id: '9561be9f0d3c2a7e4b8156d0c3e9a2f7b1d4c6e8' }] });
