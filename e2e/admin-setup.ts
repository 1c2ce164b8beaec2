/** Students for the admin journeys, set up through the real HTTP API. */
import type { APIRequestContext } from '@playwright/test';
import { nextIntake } from '@shared/schedule';
import { expect, uniqueEmail } from './fixtures';

// A 1×1 PNG: ID uploads are checked by their magic bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Created {
  id: string;
  token: string;
  email: string;
  name: string;
}

export class Setup {
  constructor(
    private readonly request: APIRequestContext,
    private readonly adminToken: string,
    readonly tag: string,
  ) {}

  private auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  async student(firstName: string, course: 'foundation' | 'pro' | null): Promise<Created> {
    const email = uniqueEmail(firstName.toLowerCase());
    const lastName = `Tester${this.tag}`;
    const res = await this.request.post('/api/students', {
      data: { first_name: firstName, last_name: lastName, email },
    });
    expect(res.status(), 'register').toBe(201);
    const { id, token } = (await res.json()) as { id: string; token: string };
    if (course) {
      const intake = (
        (await (await this.request.get('/api/course-dates')).json()) as {
          schedule: Array<{ start_date: string; full: boolean }>;
        }
      ).schedule.find((entry) => !entry.full);
      const sel = await this.request.post(`/api/students/${id}/course-selection`, {
        headers: this.auth(token),
        data: { course_type: course, course_start_date: intake?.start_date },
      });
      expect(sel.ok(), 'course selection').toBeTruthy();
    }
    return { id, token, email, name: `${firstName} ${lastName}` };
  }

  async markPaid(student: Created) {
    const res = await this.request.post(`/api/admin/students/${student.id}/mark-paid`, {
      headers: this.auth(this.adminToken),
      data: { payment_type: 'both', payment_method: 'manual' },
    });
    expect(res.ok(), 'mark paid').toBeTruthy();
  }

  async uploadId(student: Created) {
    const path = `/api/students/${encodeURIComponent(student.email)}`;
    expect(
      (await this.request.post(`${path}/set-id-required`, { headers: this.auth(student.token) })).ok(),
    ).toBeTruthy();
    const res = await this.request.post(`${path}/upload-id`, {
      headers: this.auth(student.token),
      multipart: { file: { name: 'passport.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(res.ok(), `upload id: ${res.status()}`).toBeTruthy();
  }

  async approveId(student: Created) {
    const review = await this.request.post(`/api/admin/id-verification/${student.id}/review`, {
      headers: this.auth(this.adminToken),
      data: { student_id: student.id, status: 'approved', rejection_reason: null },
    });
    expect(review.ok(), 'approve').toBeTruthy();
  }

  /** Moves the student's course start date into the past: stages open. */
  async startCourse(student: Created, date = '2026-03-01') {
    const res = await this.request.put(`/api/admin/students/${student.id}/start-date`, {
      headers: this.auth(this.adminToken),
      data: { course_start_date: date },
    });
    expect(res.ok(), 'start date').toBeTruthy();
  }

  /**
   * A Foundation student with an approved ID, all 5 stages done and a certificate awaiting activation,
   * whose course start was then moved to the next intake.
   */
  async certificateHolder(firstName: string): Promise<Created> {
    const { student } = await this.requestedCertificate(firstName);
    // Then deferred to the next intake: activating now needs the admin's explicit confirmation.
    await this.startCourse(student, nextIntake().start_date);
    return student;
  }

  /** A Foundation student whose certificate an admin has activated (every stage done, started long ago). */
  async activatedCertificate(firstName: string): Promise<{ student: Created; certificateId: string }> {
    const holder = await this.requestedCertificate(firstName);
    const activated = await this.request.post(`/api/admin/certificate/${holder.certificateId}/activate`, {
      headers: this.auth(this.adminToken),
      data: {},
    });
    expect(activated.ok(), 'activate').toBeTruthy();
    return holder;
  }

  /** A Foundation student with an approved ID, a course started long ago, all 5 stages done and a certificate requested. */
  private async requestedCertificate(firstName: string): Promise<{ student: Created; certificateId: string }> {
    const student = await this.student(firstName, 'foundation');
    await this.markPaid(student);
    await this.uploadId(student);
    await this.approveId(student);
    await this.startCourse(student);
    for (let stage = 1; stage <= 5; stage += 1) {
      const res = await this.request.post(`/api/student/${student.id}/progress`, {
        headers: this.auth(student.token),
        data: { student_id: student.id, stage_number: stage, completed: true },
      });
      expect(res.ok(), `stage ${stage}`).toBeTruthy();
    }
    const cert = await this.request.post(`/api/student/${student.id}/request-certificate`, {
      headers: this.auth(student.token),
      data: { student_id: student.id, course_type: 'foundation' },
    });
    expect(cert.status(), 'request certificate').toBe(201);
    const { certificate } = (await cert.json()) as { certificate: { certificate_id: string } };
    return { student, certificateId: certificate.certificate_id };
  }
}
