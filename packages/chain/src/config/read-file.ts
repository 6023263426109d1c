import { promises as fs } from 'node:fs';
import type { z } from 'zod';

/** A file of the stack as found on disk: missing, unreadable/invalid (with why), or parsed. */
export interface LoadedFile<T> {
  path: string;
  exists: boolean;
  /** Permission bits (e.g. 0o600) when the file exists. */
  mode?: number;
  value?: T;
  /** Why the file could not be used: bad JSON, or the first schema issues. */
  error?: string;
}

export async function fileMode(file: string): Promise<number | undefined> {
  try {
    return (await fs.stat(file)).mode & 0o777;
  } catch {
    return undefined;
  }
}

export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}

export async function readJsonFile<S extends z.ZodType>(
  file: string,
  schema: S,
): Promise<LoadedFile<z.infer<S>>> {
  let text: string;
  let mode: number;
  try {
    const [content, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
    text = content;
    mode = stat.mode & 0o777;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { path: file, exists: false };
    return { path: file, exists: true, error: `cannot read: ${code ?? String(err)}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { path: file, exists: true, mode, error: `not valid JSON: ${(err as Error).message}` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { path: file, exists: true, mode, error: describeZodError(parsed.error) };
  return { path: file, exists: true, mode, value: parsed.data };
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
