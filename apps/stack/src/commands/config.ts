import { ChainType, diffStackConfig, redactSecrets, validateStack, type LoadedFile } from '@cella/chain';
import { parseComponentOrUsage, printJson, UsageError, type CliContext } from '../cli-context.js';

export async function runConfig(ctx: CliContext, args: string[], f: { against?: string }): Promise<number> {
  const [sub, ...rest] = args;
  const state = await ctx.load();
  if (sub === 'show') {
    const only = rest.length ? new Set(rest.map(parseComponentOrUsage)) : undefined;
    const files: [string, LoadedFile<unknown>][] = [
      ['global', state.nodeJson],
      ['main', state.mainConfig],
      ...Object.entries(state.launch),
      ['arbiter', state.arbiterConfig],
    ];
    const shown = files.filter(([c, file]) => file.exists && (!only || only.has(c as never)));
    if (ctx.json) {
      printJson(
        ctx,
        Object.fromEntries(
          shown.map(([, file]) => [
            state.layout.display(file.path),
            file.value ? redactSecrets(file.value) : { error: file.error },
          ]),
        ),
      );
    } else if (!shown.length) {
      ctx.io.out(`no configuration under ${state.layout.home} (run cella-stack init)`);
    } else {
      for (const [, file] of shown) {
        ctx.io.out(`# ${state.layout.display(file.path)} (mode ${file.mode?.toString(8) ?? '?'})`);
        ctx.io.out(
          file.value ? JSON.stringify(redactSecrets(file.value), null, 2) : `invalid: ${file.error}`,
        );
      }
    }
    return 0;
  }
  if (sub === 'validate') {
    const findings = validateStack(state);
    const errors = findings.filter((x) => x.severity === 'error').length;
    if (ctx.json) printJson(ctx, { valid: errors === 0, findings });
    else if (!findings.length) ctx.io.out(`configuration under ${state.layout.home} is valid`);
    else for (const x of findings) ctx.io.out(`${x.severity}: ${x.message}\n  fix: ${x.fix}`);
    return errors ? 1 : 0;
  }
  if (sub === 'diff') {
    let against: ChainType | undefined;
    if (f.against !== undefined) {
      const parsed = ChainType.safeParse(f.against);
      if (!parsed.success) throw new UsageError(`--against must be mainnet or testnet, got "${f.against}"`);
      against = parsed.data;
    }
    const diffs = diffStackConfig(state, against);
    const target = against ?? state.chainType ?? 'mainnet';
    if (ctx.json) {
      printJson(ctx, diffs);
    } else if (!diffs.length) {
      ctx.io.out(`no differences from the ${target} defaults`);
    } else {
      for (const d of diffs) {
        const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
        const what =
          d.kind === 'changed'
            ? `${show(d.actual)} (${target}: ${show(d.expected)})`
            : d.kind === 'missing'
              ? `missing (${target}: ${show(d.expected)})`
              : `${show(d.actual)} (not written by init)`;
        ctx.io.out(`${d.file}  ${d.path}: ${what}`);
      }
    }
    return diffs.length ? 1 : 0;
  }
  throw new UsageError(
    'usage: cella-stack config show [component…] | validate | diff [--against mainnet|testnet]',
  );
}
