import { stackStatus, type ComponentStatus } from '@cella/chain';
import { printJson, type CliContext } from '../cli-context.js';

function yesNo(v: boolean | null): string {
  return v === null ? 'N/A' : v ? 'yes' : 'no';
}

function block(c: ComponentStatus): string[] {
  const verdict = !c.configured ? 'not configured' : c.healthy ? 'OK' : 'UNHEALTHY';
  const lines = [`${c.component.padEnd(10)}${c.title.padEnd(36)}${verdict}`];
  const field = (label: string, value: string) => lines.push(`  ${`${label}:`.padEnd(14)}${value}`);
  const ports = Object.entries(c.ports)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  if (ports) field('Ports', ports);
  if (!c.configured) return lines;
  if (c.endpoint) field('Endpoint', c.endpoint);
  field('Reachable', yesNo(c.reachable));
  if (c.reachable !== null) {
    field('Height', c.height === null ? 'N/A' : String(c.height));
    field('Peers', c.peers === null ? 'N/A' : String(c.peers));
  }
  if (c.chainId !== undefined) field('Chain ID', c.chainId === null ? 'N/A' : String(c.chainId));
  for (const p of c.problems) field('Problem', p);
  for (const n of c.notes) field('Note', n);
  return lines;
}

export async function runStatus(ctx: CliContext): Promise<number> {
  const state = await ctx.load();
  const status = await stackStatus(state, { endpoints: ctx.endpoints, timeoutMs: ctx.timeoutMs });
  if (ctx.json) {
    printJson(ctx, status);
  } else {
    ctx.io.out(
      `cella-stack status: ${status.chainType ?? 'not initialised'}, ${status.layout} layout, home ${status.home}`,
    );
    for (const c of status.components) ctx.io.out(block(c).join('\n'));
    const bad = status.components.filter((c) => c.configured && !c.healthy).map((c) => c.component);
    const configured = status.components.some((c) => c.configured);
    ctx.io.out(
      !configured
        ? 'stack: nothing initialised here (run cella-stack init)'
        : bad.length
          ? `stack: UNHEALTHY (${bad.join(', ')})`
          : 'stack: healthy',
    );
  }
  return status.healthy ? 0 : 1;
}
