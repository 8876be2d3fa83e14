import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEY, staffFile } from '../../../api/staff-session.ts';
import { ErrorAlert } from '../../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { Modal } from '../../../ui/Modal.tsx';

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * One of a person's documents, fetched with the staff token and kept for the session: every
 * read is audited and shown to the person, so reopening a submission does not read it again.
 * Shown as a data: URL, which the server's Content-Security-Policy allows for images.
 */
export function StaffImage({ fileId, label }: { fileId: string | null; label: string }) {
  const { t } = useTranslation('admin');
  const [large, setLarge] = useState(false);
  const image = useQuery({
    queryKey: [ADMIN_KEY, 'file', fileId],
    queryFn: async () => dataUrl(await staffFile('getStaffFile', { params: { id: fileId ?? '' } })),
    enabled: fileId !== null,
    staleTime: Infinity,
    retry: false,
  });
  return (
    <figure className="kyc-doc" data-testid="kyc-doc">
      {fileId === null ? (
        <p className="muted">{t('kyc.deleted')}</p>
      ) : image.isPending ? (
        <Spinner />
      ) : image.isError ? (
        <ErrorAlert error={image.error} />
      ) : (
        <button type="button" className="kyc-doc-open" onClick={() => setLarge(true)}>
          <img src={image.data} alt={label} data-testid="kyc-doc-image" />
        </button>
      )}
      <figcaption>{label}</figcaption>
      {large && image.data !== undefined && (
        <Modal title={label} onClose={() => setLarge(false)}>
          <div className="admin-proof">
            <img src={image.data} alt={label} />
          </div>
        </Modal>
      )}
    </figure>
  );
}
