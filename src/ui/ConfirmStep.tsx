/**
 * The last step before a money call: what is done, stated once more, Back and the one button.
 * `feature` names its classes and test ids (`<feature>-confirm`, `<feature>-actions`,
 * `<feature>-confirm-button`), so each screen keeps its own styles.
 */
export function ConfirmStep(p: {
  feature: string;
  text: string;
  busy: boolean;
  labels: { back: string; confirm: string };
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className={`${p.feature}-confirm`} data-testid={`${p.feature}-confirm`}>
      <p>{p.text}</p>
      <div className={`${p.feature}-actions`}>
        <button type="button" className="btn btn-ghost" onClick={p.onBack}>
          {p.labels.back}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={p.busy}
          onClick={p.onConfirm}
          data-testid={`${p.feature}-confirm-button`}
        >
          {p.labels.confirm}
        </button>
      </div>
    </div>
  );
}
