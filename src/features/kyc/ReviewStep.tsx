import { useTranslation } from 'react-i18next';
import { imagesFor, type KycImage, type KycPersonal } from '../../../contract/kyc/schemas.ts';
import { currentLocaleTag } from '../../i18n/i18n.ts';
import type { DocType } from './draft.ts';
import { Thumb } from './PhotoStep.tsx';

/** One image as the review shows it: its thumbnail, or "accepted earlier" when it is kept. */
export interface ReviewImage {
  preview: string | null;
  kept: boolean;
}

/** The person's country named in their language, as the picker named it. */
function countryName(iso: string): string {
  return new Intl.DisplayNames([currentLocaleTag()], { type: 'region' }).of(iso) ?? iso;
}

/** Everything that will be sent, to check before submitting. */
export function ReviewStep({
  personal,
  docType,
  images,
}: {
  personal: KycPersonal;
  docType: DocType;
  images: Partial<Record<KycImage, ReviewImage>>;
}) {
  const { t } = useTranslation('kyc');
  const facts = [
    { key: 'name', value: `${personal.firstName} ${personal.lastName}` },
    { key: 'sex', value: t(`fields.${personal.sex}`) },
    { key: 'birthdate', value: personal.birthdate },
    { key: 'country', value: countryName(personal.country) },
    { key: 'address', value: personal.address },
    { key: 'phone', value: `${personal.areaCode} ${personal.phone}` },
    { key: 'document', value: t(`docType.${docType}`) },
  ] as const;
  return (
    <div className="kyc-step-body" data-testid="kyc-review">
      <dl className="kyc-facts">
        {facts.map((f) => (
          <div key={f.key}>
            <dt>{t(`review.${f.key}`)}</dt>
            {/* Names, dates and numbers keep their own direction inside Arabic text. */}
            <dd dir="auto">{f.value}</dd>
          </div>
        ))}
      </dl>
      <div className="kyc-review-images">
        {imagesFor(docType).map((image) => {
          const shown = images[image];
          return (
            <figure key={image} className="kyc-review-image" data-testid={`kyc-review-${image}`}>
              {shown?.kept === true ? (
                <span className="kyc-ok">{t('photo.kept')}</span>
              ) : (
                <Thumb src={shown?.preview ?? null} alt={t(`part.${image}`)} />
              )}
              <figcaption>{t(`part.${image}`)}</figcaption>
            </figure>
          );
        })}
      </div>
    </div>
  );
}
