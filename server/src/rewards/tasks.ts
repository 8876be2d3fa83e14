import { TASK_TARGET, type RewardTask, type TaskView } from '../../../contract/rewards/schemas.ts';

/** What the tasks count, read from the capabilities that keep the records. */
export interface RewardProgress {
  realTrades(userId: number): Promise<{ contracts: number; options: number }>;
  planSubscriptions(userId: number): Promise<number>;
  verified(userId: number): Promise<boolean>;
}

export type Progress = TaskView['progress'];

const of = (done: number) => ({ done: Math.min(done, TASK_TARGET), of: TASK_TARGET });

/** A task's progress, counted from the person's real records now (SPEC §9). */
export async function progressOf(
  deps: RewardProgress,
  userId: number,
  task: RewardTask,
): Promise<Progress> {
  if (task === 'trade') {
    const { contracts, options } = await deps.realTrades(userId);
    return { contract: of(contracts), option: of(options) };
  }
  const [verified, plans] = await Promise.all([
    deps.verified(userId),
    deps.planSubscriptions(userId),
  ]);
  return { verified, plans: of(plans) };
}

/** trade: 3 contract trades or 3 option trades; verify: verified identity and 3 plans. */
export function isComplete(task: RewardTask, p: Progress): boolean {
  if (task === 'trade') {
    return (p.contract?.done ?? 0) >= TASK_TARGET || (p.option?.done ?? 0) >= TASK_TARGET;
  }
  return p.verified === true && (p.plans?.done ?? 0) >= TASK_TARGET;
}
