import { useSearchParams } from 'react-router-dom';
import { ContentById } from './ContentPage.tsx';

/** SPEC §2 /detail?id=&title=: a company, policy or statement page. */
export default function DetailPage() {
  const [params] = useSearchParams();
  return (
    <div className="page page-reading">
      <ContentById id={Number(params.get('id'))} />
    </div>
  );
}
