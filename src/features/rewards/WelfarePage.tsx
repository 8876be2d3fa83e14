import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Rewards, TaskView } from '../../../contract/rewards/schemas.ts';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { formatDateTime } from '../../lib/time.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { useRefreshRewards, useRewards } from './queries.ts';
import './rewards.css';

/** The zone this device is in: the first check-in fixes it as the person's calendar. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A call's state: busy, its failure, and a refresh of the page once it answers. */
function useAction() {
  const refresh = useRefreshRewards();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  async function run(send: () => Promise<unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      await send();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
      await refresh();
    }
  }
  return { busy, failure, run };
}

function CheckIn({ checkin }: { checkin: Rewards['checkin'] }) {
  const { t } = useTranslation('rewards');
  const action = useAction();
  const signed = checkin.today === 'signed';
  return (
    <section className="card rewards-card" data-testid="checkin" data-status={checkin.today}>
      <h2 className="section-title">{t('checkin.title')}</h2>
      <p className={signed ? 'rewards-done' : 'muted'} data-testid="checkin-status">
        {t(`checkin.status.${checkin.today}`)}
      </p>
      <dl className="rewards-facts">
        <Figure label={t('checkin.streak')} testId="checkin-streak" value={String(checkin.streak)}>
          {t('checkin.days', { count: checkin.streak })}
        </Figure>
        <Figure label={t(signed ? 'checkin.got' : 'checkin.gets')} value={checkin.todayAmount}>
          <Amount value={checkin.todayAmount} asset="USDT" />
        </Figure>
        <Figure label={t('checkin.tomorrow')} value={checkin.nextAmount}>
          <Amount value={checkin.nextAmount} asset="USDT" />
        </Figure>
      </dl>
      <ol className="rewards-ladder" aria-label={t('checkin.ladder')}>
        {checkin.amounts.map((a, i) => (
          <li key={i} className={i < checkin.streak ? 'rewards-step-done' : undefined}>
            <span className="muted">{t('checkin.day', { n: i + 1 })}</span>
            <Amount value={a} />
          </li>
        ))}
      </ol>
      <p className="field-hint">
        {t('checkin.zone', { zone: checkin.timeZone, day: checkin.day })}
      </p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={signed || action.busy}
        onClick={() => void action.run(() => call('qiandao', { body: { timeZone: deviceZone() } }))}
        data-testid="checkin-button"
      >
        {signed ? t('checkin.signed') : t('checkin.button')}
      </button>
      {action.failure !== null && (
        <div className="alert alert-error" role="alert" data-testid="checkin-error">
          {errorMessage(t, action.failure)}
        </div>
      )}
    </section>
  );
}

function Bar({
  label,
  done,
  of,
  testId,
}: {
  label: string;
  done: number;
  of: number;
  testId: string;
}) {
  return (
    <div className="rewards-bar" data-testid={testId} data-done={done}>
      <span>{label}</span>
      <progress max={of} value={done} aria-label={label} />
      <span className="num">
        {done}/{of}
      </span>
    </div>
  );
}

/** Beside a greyed Claim: how far the task has come ("1 of 3 trades"), never an error. */
function whatIsLeft(t: TFunction<'rewards'>, task: TaskView): string {
  const p = task.progress;
  if (task.task === 'trade') {
    const best = [p.contract, p.option].reduce(
      (a, b) => (b !== undefined && (a === undefined || b.done > a.done) ? b : a),
      undefined,
    );
    return t('task.left.trades', { done: best?.done ?? 0, of: best?.of ?? 3 });
  }
  if (p.verified === false) return t('task.left.verify');
  return t('task.left.plans', { done: p.plans?.done ?? 0, of: p.plans?.of ?? 3 });
}

function Task({ task }: { task: TaskView }) {
  const { t } = useTranslation('rewards');
  const action = useAction();
  const p = task.progress;
  const claim = task.task === 'trade' ? 'lingqu2' : 'lingqu3';
  return (
    <li className="card rewards-card" data-testid={`task-${task.task}`} data-status={task.status}>
      <h3 className="section-title">{t(`task.${task.task}.title`)}</h3>
      <p className="muted">{t(`task.${task.task}.rule`)}</p>
      {p.contract && <Bar label={t('task.contract')} {...p.contract} testId="bar-contract" />}
      {p.option && <Bar label={t('task.option')} {...p.option} testId="bar-option" />}
      {p.verified !== undefined && (
        <p data-testid="task-verified">{t(p.verified ? 'task.verified' : 'task.notVerified')}</p>
      )}
      {p.plans && <Bar label={t('task.plans')} {...p.plans} testId="bar-plans" />}
      <dl className="rewards-facts">
        <Figure label={t('task.reward')} value={task.amount}>
          <Amount value={task.amount} asset="USDT" />
        </Figure>
        <Figure label={t(task.status === 'expired' ? 'task.expired' : 'task.expires')}>
          <time dateTime={task.expiresAt}>{formatDateTime(task.expiresAt)}</time>
        </Figure>
      </dl>
      <div className="rewards-claim">
        <button
          type="button"
          className="btn btn-primary"
          disabled={task.status !== 'claim' || action.busy}
          aria-describedby={task.status === 'incomplete' ? `left-${task.task}` : undefined}
          onClick={() => void action.run(() => call(claim, { body: {} }))}
          data-testid={`claim-${task.task}`}
        >
          {t(`task.status.${task.status === 'incomplete' ? 'claim' : task.status}`)}
        </button>
        {task.status === 'incomplete' && (
          <span className="muted" id={`left-${task.task}`} data-testid={`left-${task.task}`}>
            {whatIsLeft(t, task)}
          </span>
        )}
      </div>
      {action.failure !== null && (
        <div className="alert alert-error" role="alert" data-testid="claim-error">
          {errorMessage(t, action.failure)}
        </div>
      )}
    </li>
  );
}

/** /profile/qiandao: the welfare page (SPEC §2): check-in, task rewards, progress bars. */
export default function WelfarePage() {
  const { t } = useTranslation('rewards');
  const rewards = useRewards();
  if (rewards.isPending) return <Spinner />;
  if (rewards.data === undefined) {
    return (
      <div className="page">
        <div className="alert alert-error">{errorMessage(t, rewards.error)}</div>
      </div>
    );
  }
  const { checkin, tasks, pool } = rewards.data;
  return (
    <div className="page rewards-page" data-testid="welfare">
      <h1 className="page-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <CheckIn checkin={checkin} />
      <h2 className="section-title">{t('tasks')}</h2>
      <ul className="rewards-tasks">
        {tasks.map((task) => (
          <Task key={task.task} task={task} />
        ))}
      </ul>
      <p className="field-hint" data-testid="rewards-pool" data-value={pool}>
        {t('pool', { amount: pool })}
      </p>
    </div>
  );
}
