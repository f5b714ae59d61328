import { z } from 'zod';

// Parses one content module; a failure names the module and the bad fields so the build log says
// exactly what to fix.
export function parseContent<S extends z.ZodType>(name: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`Invalid content in data/${name}:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
