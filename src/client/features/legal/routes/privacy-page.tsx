import { privacyPolicy } from '../policies';
import { PolicyPage } from '../components/policy-page';

export default function PrivacyPage() {
  return <PolicyPage {...privacyPolicy} />;
}
