/**
 * The node-wide index of public files (uploaded with `public=true`): which CIDs anyone may fetch
 * without a token (`GET /ipfs/{cid}`, the reference's IPFS gateway). Node database, collection
 * `public_files`, one document per (user, space, path): `{cid, user, prefix, path}` (the space by
 * its collection prefix, which a restored or promoted vault's metadata yields too).
 *
 * The file's metadata stays the truth: a lookup is answered only when the metadata at that path
 * still holds that CID and is still public, so an entry left behind (the file was moved, deleted,
 * uploaded again as private, or the vault deleted or restored) never serves anything; such entries
 * are dropped when a lookup meets them, and with their vault on a forced unsubscribe.
 */
import type { Collection, Database } from '@cella/document-store';
export interface PublicFileEntry {
  key: string;
  userDid: string;
  /** The space's collection prefix ('' for the default space). */
  prefix: string;
  path: string;
}

type Space = { userDid: string; prefix: string };

export class PublicFiles {
  private readonly entries: Collection;

  constructor(nodeDb: Database) {
    this.entries = nodeDb.collection('public_files');
  }

  private key(space: Space, path: string): string {
    return `${space.userDid}\n${space.prefix}\n${path}`;
  }

  async add(space: Space, path: string, cid: string): Promise<void> {
    const key = this.key(space, path);
    await this.entries.replaceOne(
      { _id: key },
      { _id: key, cid, user: space.userDid, prefix: space.prefix, path },
      { upsert: true },
    );
  }

  async remove(space: Space, path: string): Promise<void> {
    await this.entries.deleteOne({ _id: this.key(space, path) });
  }

  /** Forgets every public file of a user (their vault was deleted). */
  async removeUser(userDid: string): Promise<void> {
    await this.entries.deleteMany({ user: userDid });
  }

  /** The places a CID was published from (at most 16: one that still holds it is enough). */
  async holders(cid: string): Promise<PublicFileEntry[]> {
    const docs = await this.entries.find({ cid }, { limit: 16 });
    return docs.map((doc) => ({
      key: String(doc._id),
      userDid: String(doc.user),
      prefix: typeof doc.prefix === 'string' ? doc.prefix : '',
      path: String(doc.path),
    }));
  }

  async drop(key: string): Promise<void> {
    await this.entries.deleteOne({ _id: key });
  }
}
