/**
 * Keeps the gap between the contract and the server explicit: the endpoints below answer 501
 * NOT_IMPLEMENTED. When an issue lands its endpoints, it removes them from this list.
 */
import { endpointList } from '@cella/openapi';
import { expect, test } from 'vitest';
import { procedures } from '../src/api/index.js';
import { servedByDocsRoutes } from '../src/http/app.js';

const stillNotImplemented: string[] = [];

test('exactly these endpoints of the contract are still 501', () => {
  const missing = endpointList
    .filter((e) => !servedByDocsRoutes.has(e.operationId))
    .filter((e) => !(e.operationId in procedures))
    .map((e) => e.operationId)
    .sort();
  expect(missing).toEqual([...stillNotImplemented].sort());
});
