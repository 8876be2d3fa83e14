import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/error-message.ts';
import { sideCall, type Side } from './queries.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** Rates a resolved conversation once: one to five, with an optional comment. */
export function Rating({ side, conversationId }: { side: Side; conversationId: number }) {
  const { t } = useTranslation('support');
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (rating === null) return;
    setError(null);
    try {
      await sideCall(side, 'supportRate', { body: { conversationId, rating, comment } });
      // The conversation stays on screen with the thanks; the next message starts a new one.
      setDone(true);
    } catch (err) {
      setError(err);
    }
  }
  if (done) {
    return (
      <p className="alert alert-success" role="status" data-testid="chat-rated">
        {t('rated')}
      </p>
    );
  }
  return (
    <form className="chat-rating" onSubmit={(e) => void submit(e)} data-testid="chat-rating">
      <fieldset>
        <legend>{t('rateTitle')}</legend>
        <div className="chat-stars" role="radiogroup" aria-label={t('rateTitle')}>
          {STARS.map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={rating === n}
              aria-label={t('stars', { count: n })}
              className={`chat-star${rating !== null && n <= rating ? ' chat-star-on' : ''}`}
              onClick={() => setRating(n)}
            >
              ★
            </button>
          ))}
        </div>
      </fieldset>
      <label className="field-label" htmlFor="chat-comment">
        {t('comment')}
      </label>
      <textarea
        id="chat-comment"
        className="input"
        rows={2}
        maxLength={500}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {error !== null && (
        <p className="alert alert-error" role="alert">
          {errorMessage(t, error)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={rating === null}>
        {t('rateSend')}
      </button>
    </form>
  );
}
