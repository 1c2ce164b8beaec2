import { termsOfSale } from '../policies';
import { PolicyPage } from '../components/policy-page';

export default function TermsPage() {
  return <PolicyPage {...termsOfSale} />;
}
