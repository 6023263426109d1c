// Type-checks the README's SDK example (compiled by `npm run typecheck`, never run).
import type { Signer as EthersSigner } from 'ethers';
import { payOrder } from '../src/ethers.js';
import { connect, createDevIdentity } from '../src/index.js';

export async function readmeExample(
  blobOrStreamOrBytes: Uint8Array,
  ethersSigner: EthersSigner,
): Promise<unknown> {
  const { signer } = createDevIdentity();
  const vault = await connect({ url: 'https://vault.example.org', signer });

  const notes = await vault.db.createCollection('notes', { ifNotExists: true });
  await notes.insert({ title: 'hello', tags: ['a'] });
  const found = await notes.find({ tags: 'a' }, { sort: { title: 1 }, limit: 10 }).toArray();

  await vault.files.upload('photos/cat.jpg', blobOrStreamOrBytes, { onProgress: (n) => console.log(n) });
  const bytes = await vault.files.bytes('photos/cat.jpg');

  await vault.scripts.register('latest_notes', {
    executable: { type: 'find', collection: 'notes', filter: { tags: '$params.tag' } },
    allowAnonymous: true,
  });
  const result = await vault.scripts.run('latest_notes', { params: { tag: 'a' } });

  const order = await vault.payment.placeOrder('Standard');
  const paid = await payOrder(vault, order, ethersSigner);
  await vault.payment.settle(paid);

  const info = await vault.subscription.info();
  await vault.subscription.unsubscribe();
  await vault.subscription.subscribe();
  await vault.subscription.unsubscribe({ force: true });
  return { found, bytes, result, info };
}
