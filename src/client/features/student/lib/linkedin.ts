/**
 * LinkedIn's "Add to Profile" link for a certification (its documented parameters: startTask,
 * name, organizationName, issueYear, issueMonth, certId, certUrl). The member confirms on LinkedIn;
 * nothing is sent to LinkedIn until they do.
 */
export function linkedInAddCertificationUrl(certification: {
  name: string;
  organizationName: string;
  /** ISO date (YYYY-MM-DD) the certificate was issued. */
  issuedOn: string;
  certId: string;
  certUrl: string;
}): string {
  const [year = '', month = ''] = certification.issuedOn.split('-');
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certification.name,
    organizationName: certification.organizationName,
    issueYear: year,
    // LinkedIn takes the month as a number without a leading zero.
    issueMonth: month ? String(Number(month)) : '',
    certId: certification.certId,
    certUrl: certification.certUrl,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
