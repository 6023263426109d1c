import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createSqliteDocumentStore } from '../../src/engines/sqlite/index.js';
import { runDocumentStoreConformance } from './conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'cella-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

runDocumentStoreConformance('sqlite', () => createSqliteDocumentStore({ dir }));
