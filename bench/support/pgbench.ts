import { execFileSync } from 'node:child_process';
import pg from 'pg';

/**
 * `pgbench -N` (the simple-update script) on a fresh scale-10 database of the same PostgreSQL:
 * the baseline for what ledger writes could reach here (../shared/MACHINE-NOTES.md). Returns
 * its transactions per second, or undefined when pgbench or PostgreSQL is not there.
 */
export async function pgbenchTps(
  adminUrl: string,
  clients: number,
  seconds: number,
): Promise<number | undefined> {
  const name = `kestrel_pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'];
    execFileSync('pgbench', [...args, '-i', '-s', '10', '-q', name], { stdio: 'ignore' });
    const out = execFileSync(
      'pgbench',
      [...args, '-N', '-c', String(clients), '-j', '2', '-T', String(seconds), name],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const tps = /tps = ([\d.]+)/.exec(out)?.[1];
    return tps === undefined ? undefined : Number(tps);
  } catch (err) {
    console.info(`pgbench skipped: ${(err as Error).message.split('\n')[0]}`);
    return undefined;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
}
