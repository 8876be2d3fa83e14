import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { FieldCodeMap } from '../../../contract/validate.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { Modal } from '../Modal.tsx';
import { TextField } from '../TextField.tsx';
import { ReasonField, useAdminForm } from './AdminUi.tsx';

/**
 * Moves the operator's money into a platform account (a smart plan's reserve, the lending
 * account): an amount and a reason, kept in the audit log. The dialog is the form and holds its
 * request key: a submission whose answer was lost (timeout, network) is sent again under the
 * same key, so the money moves once; any answer ends the key. The amount is sent as typed, a
 * decimal string, checked with the call's own schema before it leaves.
 */
export function FundDialog<S extends z.ZodType, R>({
  title,
  testId,
  schema,
  fields,
  base = {},
  send,
  onFunded,
  onClose,
  children,
}: {
  title: string;
  /** The form's test id; its parts are `<testId>-amount`, `-reason-input`, `-submit`, `-error`. */
  testId: string;
  schema: S;
  fields: FieldCodeMap;
  /** The body's other fields (the product's id). */
  base?: Record<string, unknown>;
  send: (body: z.output<S>) => Promise<R>;
  /** After the server's answer: the amount as typed and what the call answered. */
  onFunded: (amount: string, result: R) => void | Promise<void>;
  onClose: () => void;
  /** What is funded now, shown above the form. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const form = useAdminForm();
  const requestKey = useRequestKey();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const typed = amount.trim();
    const body = form.check(
      schema,
      { ...base, key: requestKey.next(), amount: typed, reason },
      fields,
    );
    if (body === null) return;
    await form.run(async () => {
      let result: R;
      try {
        result = await send(body);
        requestKey.settle();
      } catch (err) {
        requestKey.settle(err);
        throw err;
      }
      await onFunded(typed, result);
    });
  }

  const formError = form.formError(['amount', 'reason']);
  return (
    <Modal title={title} onClose={onClose}>
      {children}
      <p className="muted admin-modal-text">{t('fund.body')}</p>
      <form onSubmit={submit} noValidate data-testid={testId}>
        {formError !== null && (
          <div className="alert alert-error" role="alert" data-testid={`${testId}-error`}>
            {formError}
          </div>
        )}
        <TextField
          label={t('fund.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          maxLength={40}
          onChange={(e) => setAmount(e.target.value)}
          error={form.fieldError('amount')}
          data-testid={`${testId}-amount`}
        />
        <ReasonField
          id={`${testId}-reason`}
          value={reason}
          onChange={setReason}
          error={form.fieldError('reason')}
          testId={`${testId}-reason`}
        />
        <div className="admin-modal-actions">
          <button type="button" className="btn btn-ghost btn-small" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary btn-small"
            disabled={form.busy}
            data-testid={`${testId}-submit`}
          >
            {t('fund.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
