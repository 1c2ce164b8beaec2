import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { SecondFactorField } from './second-factor-field';
import { useAdminLogin } from './use-admin-login';

/** Username and password, then the code box when two-factor sign-in is on. */
export function AdminLoginForm() {
  const { form, onSubmit, pending, secondFactor } = useAdminLogin();
  const { register, formState } = form;
  const { second, ...codeBox } = secondFactor;
  return (
    <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
      <Field
        label="Username"
        autoComplete="username"
        error={formState.errors.username?.message}
        {...register('username')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      {second && <SecondFactorField second={second} {...codeBox} />}
      <Button type="submit" className="w-full" loading={pending}>
        {second ? 'Verify and sign in' : 'Login to Dashboard'}
      </Button>
    </form>
  );
}
