import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { paths } from '@shared/routes';
import { messages } from '@shared/messages';
import { useLogInStudent } from '../api/log-in-student';

const loginSchema = z.object({ email: z.string().trim().min(1, messages.student.emailRequired) });
type LoginValues = z.infer<typeof loginSchema>;

/** One email field: paid students go to their dashboard, unpaid ones back to the enrolment. */
export function StudentLoginForm() {
  const navigate = useNavigate();
  const login = useLogInStudent();
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '' } });

  const onValid = ({ email }: LoginValues) =>
    login.mutate(email, {
      onSuccess: (student) => {
        if (!student.enrollment_paid) {
          toast.info(messages.student.enrolmentUnpaid);
          navigate(paths.enrol);
          return;
        }
        toast.success(messages.student.welcomeBack);
        navigate(paths.studentDashboard);
      },
      onError: (error) => {
        toast.error(
          error instanceof ApiError && error.status === 404
            ? messages.student.emailNotFound
            : messages.student.loginFailed,
        );
      },
    });

  const onInvalid = () => toast.error(messages.student.emailRequired);
  const emailError = form.formState.errors.email?.message;

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-4">
      <Field
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        hint="Use the email address you enrolled with."
        error={emailError}
        required
        {...form.register('email')}
      />
      <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
        Access My Course Dashboard
      </Button>
    </form>
  );
}
