import { runDoctor } from '@cella/chain';
import { printJson, type CliContext } from '../cli-context.js';

export async function runDoctorCommand(ctx: CliContext): Promise<number> {
  const state = await ctx.load();
  const findings = await runDoctor(state);
  const errors = findings.filter((f) => f.severity === 'error').length;
  if (ctx.json) {
    printJson(ctx, { home: state.layout.home, errors, warnings: findings.length - errors, findings });
  } else {
    for (const f of findings) {
      ctx.io.out(`${f.severity.padEnd(8)}${f.check}: ${f.message}`);
      ctx.io.out(`${' '.repeat(8)}fix: ${f.fix}`);
    }
    ctx.io.out(
      findings.length ? `${errors} error(s), ${findings.length - errors} warning(s)` : 'no problems found',
    );
  }
  return errors ? 1 : 0;
}
