import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/platform/db/migrate.ts';
import { openPglite } from '../../src/platform/db/pglite.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global set-up for the server tests: one embedded database migrated once and dumped,
 * so each test server starts from it (PGLITE_TEMPLATE) instead of running initdb and every
 * migration again (about four seconds a server on this machine).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const db = await openPglite('memory');
  await migrate(db);
  const file = path.join(tmpdir(), `kestrel-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    const { rm } = await import('node:fs/promises');
    await rm(file, { force: true });
  };
}
