import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UOrder } from '../../../contract/trading/schemas.ts';
import { call } from '../../api/client.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { Amount } from '../../ui/Amount.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  heldOf,
  liveProfit,
  normaliseDecimal,
  precisionOf,
  priceText,
  quoteOfInfo,
  stopsEditProblem,
  usdtText,
} from './figures.ts';
import { ProfitAmount } from './parts.tsx';
import { refreshTrading, useLiveTradingInfo } from './queries.ts';

/** Stop loss and take profit of an open or waiting order, checked as updateU checks them. */
export function EditStops({ order, onClose }: { order: UOrder; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const queryClient = useQueryClient();
  const info = useLiveTradingInfo(order.instrumentId, order.code);
  const form = useFormError();
  const [stopLoss, setStopLoss] = useState(order.stopLoss);
  const [takeProfit, setTakeProfit] = useState(order.takeProfit);
  const problem = stopsEditProblem(order, quoteOfInfo(info.data), stopLoss, takeProfit);
  const fieldError = (field: 'stopLoss' | 'takeProfit') =>
    problem?.field === field ? t(`errors:${problem.code}`) : form.fieldError(field);

  async function save() {
    await form.submit(async () => {
      await call('updateU', {
        body: {
          id: order.id,
          stopLoss: normaliseDecimal(stopLoss),
          takeProfit: normaliseDecimal(takeProfit),
        },
      });
      await refreshTrading(queryClient);
      onClose();
    });
  }

  return (
    <Modal title={t('orders.editTitle', { id: order.id })} onClose={onClose}>
      <div className="trade-confirm" data-testid="edit-stops">
        <FormErrorAlert form={form} fields={['stopLoss', 'takeProfit']} />
        <TextField
          label={t('contract.stopLoss')}
          inputMode="decimal"
          autoComplete="off"
          value={stopLoss}
          onChange={(e) => {
            setStopLoss(e.target.value);
            form.clear();
          }}
          error={fieldError('stopLoss')}
          hint={t(`contract.stopLossHint.${order.side}`)}
          data-testid="edit-stop-loss"
        />
        <TextField
          label={t('contract.takeProfit')}
          inputMode="decimal"
          autoComplete="off"
          value={takeProfit}
          onChange={(e) => {
            setTakeProfit(e.target.value);
            form.clear();
          }}
          error={fieldError('takeProfit')}
          hint={t(`contract.takeProfitHint.${order.side}`)}
          data-testid="edit-take-profit"
        />
        {problem !== undefined && problem.field === undefined && (
          <div className="alert alert-error" role="alert">
            {t(`errors:${problem.code}`)}
          </div>
        )}
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="edit-save"
          disabled={form.busy || problem !== undefined}
          onClick={() => void save()}
        >
          {t('orders.save')}
        </button>
      </div>
    </Modal>
  );
}

/** Closing an open position at market, or cancelling a waiting order: one stopU, confirmed. */
export function StopOrder({ order, onClose }: { order: UOrder; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const queryClient = useQueryClient();
  const info = useLiveTradingInfo(order.instrumentId, order.code);
  const form = useFormError();
  const now = liveProfit(order, quoteOfInfo(info.data));
  const closing = order.status === 'open';

  async function stop() {
    await form.submit(async () => {
      await call('stopU', { body: { id: order.id } });
      await refreshTrading(queryClient);
      onClose();
    });
  }

  return (
    <Modal
      title={t(closing ? 'orders.closeTitle' : 'orders.cancelTitle', { id: order.id })}
      onClose={onClose}
    >
      <div className="trade-confirm" data-testid={closing ? 'close-confirm' : 'cancel-confirm'}>
        <FormErrorAlert form={form} fields={[]} />
        {closing ? (
          <dl className="trade-summary">
            <div>
              <dt>{t(`orders.closeAt.${order.side}`)}</dt>
              <dd>
                <Amount
                  value={now === undefined ? null : priceText(now.close, precisionOf(order))}
                />
              </dd>
            </div>
            <div>
              <dt>{t('orders.profitNow')}</dt>
              <dd>
                <ProfitAmount value={now === undefined ? null : usdtText(now.profit)} />
              </dd>
            </div>
          </dl>
        ) : (
          <p className="muted">{t('orders.cancelNote', { amount: usdtText(heldOf(order)) })}</p>
        )}
        {closing && <p className="muted">{t('orders.closeNote')}</p>}
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid={closing ? 'close-submit' : 'cancel-submit'}
          disabled={form.busy}
          onClick={() => void stop()}
        >
          {t(closing ? 'orders.close' : 'orders.cancel')}
        </button>
      </div>
    </Modal>
  );
}
