import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_KEY, staffFile } from '../../api/staff-session.ts';
import { dataUrl } from '../../lib/data-url.ts';
import { Spinner } from '../EmptyState.tsx';
import { Modal } from '../Modal.tsx';
import { ErrorAlert } from './AdminUi.tsx';

/**
 * A file a person uploaded (an identity document, a loan agreement's signature), fetched with
 * the staff token and kept for the session: every read is audited and shown to the person, so
 * reopening a review item does not read it again. Shown as a data: URL, which the server's
 * Content-Security-Policy allows for images. Each review screen passes its own words and test
 * id (`<testId>` on the figure, `<testId>-image` on the image).
 */
export function StaffImage({
  fileId,
  label,
  missing,
  testId,
}: {
  fileId: string | null;
  label: string;
  /** Shown when no file is stored (null id): why, in the screen's words. */
  missing: string;
  testId: string;
}) {
  const [large, setLarge] = useState(false);
  const image = useQuery({
    queryKey: [ADMIN_KEY, 'file', fileId],
    queryFn: async () => dataUrl(await staffFile('getStaffFile', { params: { id: fileId ?? '' } })),
    enabled: fileId !== null,
    staleTime: Infinity,
    retry: false,
  });
  return (
    <figure className="staff-image" data-testid={testId}>
      {fileId === null ? (
        <p className="muted">{missing}</p>
      ) : image.isPending ? (
        <Spinner />
      ) : image.isError ? (
        <ErrorAlert error={image.error} />
      ) : (
        <button type="button" className="staff-image-open" onClick={() => setLarge(true)}>
          <img src={image.data} alt={label} data-testid={`${testId}-image`} />
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
