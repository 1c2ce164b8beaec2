import { useParams } from 'react-router';
import { VerifyCertificate } from '../components/verify-certificate';

/** /verify/:certificateId in the router app (a full load of the address has its own entry, verify-entry.tsx). */
export default function VerifyPage() {
  return <VerifyCertificate certificateId={(useParams().certificateId ?? '').trim().toUpperCase()} />;
}
