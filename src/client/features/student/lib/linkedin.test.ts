import { describe, expect, it } from 'vitest';
import { linkedInAddCertificationUrl } from './linkedin';

describe('linkedInAddCertificationUrl', () => {
  it('fills LinkedIn’s add-to-profile parameters, encoded', () => {
    const url = new URL(
      linkedInAddCertificationUrl({
        name: 'Foundation Course',
        organizationName: 'Video Book Review Specialist',
        issuedOn: '2027-04-20',
        certId: 'VBR-ABCDEFGHJK',
        certUrl: 'https://school.example/verify/VBR-ABCDEFGHJK',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Foundation Course',
      organizationName: 'Video Book Review Specialist',
      issueYear: '2027',
      issueMonth: '4',
      certId: 'VBR-ABCDEFGHJK',
      certUrl: 'https://school.example/verify/VBR-ABCDEFGHJK',
    });
  });
});
