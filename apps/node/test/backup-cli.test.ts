/** The `cella-node backup` command line: its progress line, its arguments, and a status/watch run. */
import { bytesToHex, generateKeyPair } from '@cella/did';
import type { BackupState, Vault } from '@cella/sdk';
import { describe, expect, test } from 'vitest';
import { runBackupCli } from '../src/cli/backup.js';
import { parseCli, usage } from '../src/cli/main.js';
import { rateBetween, renderProgress } from '../src/cli/progress-bar.js';

const MiB = 1024 * 1024;
const state = (
  over: Partial<BackupState> & { done?: number; total?: number; items?: [number, number] } = {},
): BackupState => ({
  state: 'backup',
  result: 'running',
  message: 'sending',
  started_at: 1,
  finished_at: null,
  last_success_at: null,
  ...over,
  progress: {
    bytes_done: over.done ?? 0,
    bytes_total: over.total ?? 0,
    items_done: over.items?.[0] ?? 0,
    items_total: over.items?.[1] ?? 0,
    vault_bytes: 0,
    network_bytes: 0,
  },
});

describe('progress line', () => {
  test('a running job: bar, percentage, MiB, items and rate', () => {
    expect(
      renderProgress(state({ done: 266 * MiB, total: 512 * MiB, items: [260, 513] }), { rate: 41.2 * MiB }),
    ).toBe('backup   [##########----------]  51%  266.0 of 512.0 MiB  260/513 items  41.2 MiB/s');
    expect(renderProgress(state({ total: 10 * MiB }), { width: 10 })).toBe(
      'backup   [----------]   0%  0.0 of 10.0 MiB  0/0 items',
    );
  });

  test('ended jobs: full bar when done, FAILED otherwise; nothing to move counts as done', () => {
    expect(renderProgress(state({ result: 'success', done: 0, total: 0 }))).toBe(
      'backup   [####################] 100%  0.0 of 0.0 MiB  0/0 items  done',
    );
    expect(
      renderProgress(state({ state: 'restore', result: 'failed', done: MiB, total: 4 * MiB, items: [1, 4] })),
    ).toBe('restore  [#####---------------]  25%  1.0 of 4.0 MiB  1/4 items  FAILED');
    expect(renderProgress(state({ state: 'idle', result: 'success' }))).toMatch(/^idle +\[#{20}\] 100%/);
  });

  test('the rate needs two increasing samples', () => {
    expect(rateBetween(undefined, { at: 1000, bytes: 5 })).toBeUndefined();
    expect(rateBetween({ at: 1000, bytes: 0 }, { at: 3000, bytes: 4 * MiB })).toBe(2 * MiB);
    expect(rateBetween({ at: 1000, bytes: 9 }, { at: 3000, bytes: 1 })).toBeUndefined();
  });
});

describe('arguments', () => {
  const key = bytesToHex(generateKeyPair().privateKey);

  test('backup commands, with the key from the environment and defaults', () => {
    const options = parseCli(['backup', 'watch', '--interval', '200'], {
      CELLA_USER_KEY: key,
      CELLA_URL: 'http://n:1',
    });
    expect(options).toMatchObject({ command: 'watch', url: 'http://n:1', keyHex: key, intervalMs: 200 });
    expect(parseCli(['backup', 'start', '--target', 'http://b:2'], { CELLA_USER_KEY: key })).toMatchObject({
      command: 'start',
      target: 'http://b:2',
      url: 'http://127.0.0.1:5000',
    });
  });

  test('help, unknown commands and a missing key', () => {
    expect(parseCli(['--help'], {})).toEqual({ help: usage });
    expect(parseCli(['backup', 'explode'], { CELLA_USER_KEY: key })).toMatchObject({
      help: expect.stringMatching(/^unknown command "explode"/),
    });
    expect(() => parseCli(['backup', 'status'], {})).toThrow(/64 hex digits/);
  });
});

describe('a run against a vault', () => {
  const fakeVault = (states: BackupState[]) => {
    let i = 0;
    return {
      backup: {
        state: async () => states[Math.min(i, states.length - 1)]!,
        watch: async (on: (s: BackupState) => void) => {
          for (const s of states) on(s);
          i = states.length;
          return states[states.length - 1]!;
        },
      },
    } as unknown as Vault;
  };
  const capture = () => {
    let text = '';
    return {
      out: Object.assign(
        { write: (s: string) => ((text += s), true) },
        { isTTY: false },
      ) as unknown as NodeJS.WritableStream,
      text: () => text,
    };
  };

  test('watch prints one line per change and the final message; exit code follows the result', async () => {
    const sink = capture();
    const states = [
      state({ done: 0, total: 2 * MiB, items: [0, 2] }),
      state({ done: MiB, total: 2 * MiB, items: [1, 2] }),
      state({
        result: 'success',
        done: 2 * MiB,
        total: 2 * MiB,
        items: [2, 2],
        message: 'backed up 3 documents',
      }),
    ];
    const code = await runBackupCli(
      { command: 'watch', url: 'x', keyHex: '00', intervalMs: 50, out: sink.out },
      async () => fakeVault(states),
    );
    expect(code).toBe(0);
    const lines = sink.text().trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/ 50% +1\.0 of 2\.0 MiB/);
    expect(lines[3]).toBe('backed up 3 documents');
    const failed = await runBackupCli(
      { command: 'status', url: 'x', keyHex: '00', intervalMs: 50, out: capture().out },
      async () => fakeVault([state({ result: 'failed' })]),
    );
    expect(failed).toBe(1);
  });
});
