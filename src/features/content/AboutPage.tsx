import { CONTENT_TYPE } from './content-types.ts';
import { ContentBySlug } from './ContentPage.tsx';

export default function AboutPage() {
  return (
    <div className="page page-reading">
      <ContentBySlug type={CONTENT_TYPE.company} slug="about-us" />
    </div>
  );
}
