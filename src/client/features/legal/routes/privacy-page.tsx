import { privacyPolicy } from '../policies';
import { PolicyPage } from '../components/policy-page';
import { RetentionPeriods } from '../components/retention-periods';

export default function PrivacyPage() {
  return <PolicyPage {...privacyPolicy} extras={{ 'How long we keep it': <RetentionPeriods /> }} />;
}
