/** Placeholder page until the public site issue builds it. */
export default function Page() {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-bold">Enrolment Registration</h1>
    </main>
  );
}
